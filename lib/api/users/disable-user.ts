/**
 * G4: disable a user.
 * POST /api/v1/business/user/{userId}/disable, also POST /api/v1/business/user/disable/{userId}
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
  path: "/api/v1/business/user/{userId}/disable",
  summary: "Disable a user (G4)",
  request: { query: userQuery, params: userIdParam },
  responses: userResponses,
});

export type DisableUserResponse = ResponseOf<typeof contract>;

export const disableUserOperation = withBusiness(
  {
    spec: "G4",
    contract,
    actAs: "user",
    aliases: [{ path: "/api/v1/business/user/disable/{userId}" }],
  },
  async (c, { ctx, businessId }) => {
    const { userId } = c.req.valid("param");
    const user = await setUserEnabled(ctx, businessId, { userId, enabled: false });
    return c.json({ success: true as const, message: "User disabled", ...user }, 200);
  },
);
