/**
 * G2: update a user's status or calling flag, by `type`.
 * PATCH /api/v1/business/user?apikey=&email=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { updateBusinessUserInput } from "@/lib/users/business-user-schemas";
import { setCallingEnabled } from "@/lib/users/set-calling-enabled";
import { setUserStatus } from "@/lib/users/set-user-status";
import { jsonOrFormBody, readBody, userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { userResponses } from "./schemas";

export type UpdateUserRequest = z.input<typeof updateBusinessUserInput>;

export const contract = createRoute({
  tags: ["Users"],
  method: "patch",
  path: "/api/v1/business/user",
  summary: "Update a user's status or calling flag, by `type` (G2)",
  request: {
    query: userQuery,
    body: jsonOrFormBody(updateBusinessUserInput, "type userStatus or callingEnabled"),
  },
  responses: userResponses,
});

export type UpdateUserResponse = ResponseOf<typeof contract>;

export const updateUserOperation = withBusiness(
  { spec: "G2", contract, actAs: "user" },
  async (c, { ctx, businessId }) => {
    const input = readBody(c, updateBusinessUserInput);
    const user =
      input.type === "userStatus"
        ? await setUserStatus(ctx, businessId, input)
        : await setCallingEnabled(ctx, businessId, input);
    const message = input.type === "userStatus" ? "User status updated" : "Calling settings updated";
    return c.json({ success: true as const, message, ...user }, 200);
  },
);
