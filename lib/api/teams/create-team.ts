/**
 * G6: create a team.
 * POST /api/v3/provisioning/user-team/team?apikey=&email=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createTeam } from "@/lib/teams/create-team";
import { createTeamInput } from "@/lib/teams/schemas";
import { jsonOrFormBody, readBody, userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { teamResponses } from "./schemas";

export type CreateTeamRequest = z.input<typeof createTeamInput>;

export const contract = createRoute({
  tags: ["Teams"],
  method: "post",
  path: "/api/v3/provisioning/user-team/team",
  summary: "Create a team (G6)",
  request: { query: userQuery, body: jsonOrFormBody(createTeamInput, "teamName, supervisorId, description") },
  responses: teamResponses,
});

export type CreateTeamResponse = ResponseOf<typeof contract>;

export const createTeamOperation = withBusiness(
  { spec: "G6", contract, actAs: "user" },
  async (c, { ctx, businessId }) => {
    const team = await createTeam(ctx, businessId, readBody(c, createTeamInput));
    return c.json({ success: true as const, message: "Team created", ...team }, 200);
  },
);
