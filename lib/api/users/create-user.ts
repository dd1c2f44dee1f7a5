/**
 * G1: create a user of the key's business, as the `email` user.
 * POST /api/v1/business/user?apikey=&email=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createBusinessUserInput } from "@/lib/users/business-user-schemas";
import { createBusinessUser } from "@/lib/users/create-business-user";
import { jsonOrFormBody, readBody, userQuery } from "../form-or-json";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { userResponses } from "./schemas";

export type CreateUserRequest = z.input<typeof createBusinessUserInput>;

export const contract = createRoute({
  tags: ["Users"],
  method: "post",
  path: "/api/v1/business/user",
  summary: "Create a user (G1)",
  request: { query: userQuery, body: jsonOrFormBody(createBusinessUserInput, "The new user") },
  responses: userResponses,
});

export type CreateUserResponse = ResponseOf<typeof contract>;

export const createUserOperation = withBusiness(
  { spec: "G1", contract, actAs: "user" },
  async (c, { ctx, businessId }) => {
    const user = await createBusinessUser(ctx, businessId, readBody(c, createBusinessUserInput));
    return c.json({ success: true as const, message: "User created", ...user }, 200);
  },
);
