/**
 * G5: a user's status.
 * GET /api/v1/business/user/{userId}/status, also POST
 */
import { createRoute } from "@hono/zod-openapi";
import { getUserStatus } from "@/lib/users/get-user-status";
import { userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { userIdParam, userResponses } from "./schemas";

export const contract = createRoute({
  tags: ["Users"],
  method: "get",
  path: "/api/v1/business/user/{userId}/status",
  summary: "A user's status (G5)",
  request: { query: userQuery, params: userIdParam },
  responses: userResponses,
});

export type GetUserStatusResponse = ResponseOf<typeof contract>;

export const getUserStatusOperation = withBusiness(
  { spec: "G5", contract, actAs: "user", aliases: [{ method: "post" }] },
  async (c, { ctx, businessId }) => {
    const user = await getUserStatus(ctx, businessId, c.req.valid("param").userId);
    return c.json({ success: true as const, message: "User status", ...user }, 200);
  },
);
