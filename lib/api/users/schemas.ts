import { z } from "@hono/zod-openapi";
import { errorResponses } from "../schemas";

export const UserStatusDetails = z
  .object({
    success: z.literal(true),
    message: z.string().openapi({ example: "User status updated" }),
    userId: z.string(),
    emailId: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    phoneNumber: z.string().nullable().openapi({ example: "919876543210" }),
    role: z
      .enum(["OPERATOR", "BUSINESS_ADMIN", "MANAGER", "AGENT", "BRANCH_ADMIN"])
      .openapi({ example: "AGENT" }),
    supervisorId: z.string().nullable(),
    branchId: z.string().nullable(),
    userStatus: z.enum(["Available", "Busy", "InCall", "Away", "Disabled"]),
    callingEnabled: z.boolean(),
    enabled: z.boolean(),
    mustChangePassword: z.boolean(),
    canSignIn: z.boolean().openapi({ description: "Enabled and has a password" }),
  })
  .openapi("UserStatusDetails");

/** The answers of every G1 ... G5 operation. */
export const userResponses = {
  200: {
    description: "The user's status details",
    content: { "application/json": { schema: UserStatusDetails } },
  },
  ...errorResponses,
  403: { ...errorResponses[401], description: "The calling user's role may not do this" },
  409: { ...errorResponses[400], description: "E-mail already in use, or the user is disabled" },
};
export type UserStatusResponse = z.infer<typeof UserStatusDetails>;

export const userIdParam = z.object({
  userId: z.string().openapi({ param: { name: "userId", in: "path" } }),
});
