/**
 * G3: enable a user.
 * POST /api/v1/business/user/{userId}/enable, also POST /api/v1/business/user/enable/{userId}
 */
import { createRoute } from "@hono/zod-openapi";
import { setUserEnabled } from "@/lib/users/set-user-enabled";
import { userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { userIdParam, userResponses } from "./schemas";

export const contract = createRoute({
  tags: ["Users"],
  method: "post",
  path: "/api/v1/business/user/{userId}/enable",
  summary: "Enable a user (G3)",
  request: { query: userQuery, params: userIdParam },
  responses: userResponses,
});

export type EnableUserResponse = ResponseOf<typeof contract>;

export const enableUserOperation = withBusiness(
  {
    spec: "G3",
    contract,
    actAs: "user",
    aliases: [{ path: "/api/v1/business/user/enable/{userId}" }],
  },
  async (c, { ctx, businessId }) => {
    const { userId } = c.req.valid("param");
    const user = await setUserEnabled(ctx, businessId, { userId, enabled: true });
    return c.json({ success: true as const, message: "User enabled", ...user }, 200);
  },
);
