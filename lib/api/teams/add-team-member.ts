/**
 * G7: add a user to a team.
 * POST /api/v3/provisioning/user-team/team/{teamId}?apikey=&email=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addTeamMember } from "@/lib/teams/add-team-member";
import { addTeamMemberInput } from "@/lib/teams/schemas";
import { jsonOrFormBody, readBody, userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { teamIdParam, teamResponses } from "./schemas";

export type AddTeamMemberRequest = z.input<typeof addTeamMemberInput>;

export const contract = createRoute({
  tags: ["Teams"],
  method: "post",
  path: "/api/v3/provisioning/user-team/team/{teamId}",
  summary: "Add a user to a team (G7)",
  request: {
    query: userQuery,
    params: teamIdParam,
    body: jsonOrFormBody(addTeamMemberInput, "userId, supervisorId, description"),
  },
  responses: teamResponses,
});

export type AddTeamMemberResponse = ResponseOf<typeof contract>;

export const addTeamMemberOperation = withBusiness(
  { spec: "G7", contract, actAs: "user" },
  async (c, { ctx, businessId }) => {
    const team = await addTeamMember(
      ctx,
      businessId,
      c.req.valid("param").teamId,
      readBody(c, addTeamMemberInput),
    );
    return c.json({ success: true as const, message: "User added to the team", ...team }, 200);
  },
);
