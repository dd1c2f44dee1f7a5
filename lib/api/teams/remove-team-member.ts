/**
 * G8: remove a user from a team; memberId is the user's id.
 * DELETE /api/v3/provisioning/user-team/team/{teamId}/{memberId}?apikey=&email=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { removeTeamMember } from "@/lib/teams/remove-team-member";
import { userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { teamIdParam, teamResponses } from "./schemas";

export const contract = createRoute({
  tags: ["Teams"],
  method: "delete",
  path: "/api/v3/provisioning/user-team/team/{teamId}/{memberId}",
  summary: "Remove a user from a team (G8); memberId is the user's id",
  request: {
    query: userQuery,
    params: teamIdParam.extend({ memberId: z.string().openapi({ param: { name: "memberId", in: "path" } }) }),
  },
  responses: teamResponses,
});

export type RemoveTeamMemberResponse = ResponseOf<typeof contract>;

export const removeTeamMemberOperation = withBusiness(
  { spec: "G8", contract, actAs: "user" },
  async (c, { ctx, businessId }) => {
    const { teamId, memberId } = c.req.valid("param");
    const team = await removeTeamMember(ctx, businessId, teamId, memberId);
    return c.json({ success: true as const, message: "User removed from the team", ...team }, 200);
  },
);
