import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Ctx } from "@/lib/context";
import { db } from "@/lib/db";
import { addTeamMember } from "@/lib/teams/add-team-member";
import { createTeam } from "@/lib/teams/create-team";
import { removeTeamMember } from "@/lib/teams/remove-team-member";
import { addTeamMemberInput, createTeamInput } from "@/lib/teams/schemas";
import { apiKeyAuth, userEmailAuth } from "../auth";
import { jsonOrFormBody, readBody, userQuery } from "../form-or-json";
import { errorResponses } from "../schemas";
import type { ApiApp, ApiEnv } from "../types";

const TeamDetails = z
  .object({
    success: z.literal(true),
    message: z.string().openapi({ example: "Team created" }),
    teamId: z.string(),
    teamName: z.string(),
    supervisorId: z.string(),
    description: z.string().nullable(),
    branchId: z.string().nullable(),
    members: z.array(
      z.object({
        userId: z.string(),
        emailId: z.string(),
        firstName: z.string(),
        lastName: z.string().nullable(),
        role: z.string(),
        userStatus: z.string(),
        supervisorId: z.string().nullable(),
        description: z.string().nullable(),
      }),
    ),
  })
  .openapi("TeamDetails");

const g = { middleware: [apiKeyAuth, userEmailAuth], tags: ["Teams"] };
const responses = {
  200: { description: "The team with its members", content: { "application/json": { schema: TeamDetails } } },
  ...errorResponses,
  403: { ...errorResponses[401], description: "The calling user's role may not do this" },
  409: { ...errorResponses[400], description: "A team with this name exists" },
};
const teamIdParam = z.object({ teamId: z.string().openapi({ param: { name: "teamId", in: "path" } }) });

const create = createRoute({
  ...g,
  method: "post",
  path: "/api/v3/provisioning/user-team/team",
  summary: "Create a team (G6)",
  request: { query: userQuery, body: jsonOrFormBody(createTeamInput, "teamName, supervisorId, description") },
  responses,
});
const addMember = createRoute({
  ...g,
  method: "post",
  path: "/api/v3/provisioning/user-team/team/{teamId}",
  summary: "Add a user to a team (G7)",
  request: {
    query: userQuery,
    params: teamIdParam,
    body: jsonOrFormBody(addTeamMemberInput, "userId, supervisorId, description"),
  },
  responses,
});
const removeMember = createRoute({
  ...g,
  method: "delete",
  path: "/api/v3/provisioning/user-team/team/{teamId}/{memberId}",
  summary: "Remove a user from a team (G8); memberId is the user's id",
  request: {
    query: userQuery,
    params: teamIdParam.extend({ memberId: z.string().openapi({ param: { name: "memberId", in: "path" } }) }),
  },
  responses,
});

function ctxOf(c: Context<ApiEnv>): { ctx: Ctx; businessId: string } {
  const user = c.get("user");
  const businessId = c.get("auth").businessId;
  return { ctx: { db: db(), actor: { type: "user", id: user.id, role: user.role, businessId } }, businessId };
}

export function registerTeamRoutes(app: ApiApp): void {
  // POST /api/v3/provisioning/user-team/team (G6)
  app.openapi(create, async (c) => {
    const { ctx, businessId } = ctxOf(c);
    const team = await createTeam(ctx, businessId, readBody(c, createTeamInput));
    return c.json({ success: true as const, message: "Team created", ...team }, 200);
  });

  // POST /api/v3/provisioning/user-team/team/{teamId} (G7)
  app.openapi(addMember, async (c) => {
    const { ctx, businessId } = ctxOf(c);
    const team = await addTeamMember(
      ctx,
      businessId,
      c.req.valid("param").teamId,
      readBody(c, addTeamMemberInput),
    );
    return c.json({ success: true as const, message: "User added to the team", ...team }, 200);
  });

  // DELETE /api/v3/provisioning/user-team/team/{teamId}/{memberId} (G8)
  app.openapi(removeMember, async (c) => {
    const { ctx, businessId } = ctxOf(c);
    const { teamId, memberId } = c.req.valid("param");
    const team = await removeTeamMember(ctx, businessId, teamId, memberId);
    return c.json({ success: true as const, message: "User removed from the team", ...team }, 200);
  });
}
