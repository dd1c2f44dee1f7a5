import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Ctx } from "@/lib/context";
import { db } from "@/lib/db";
import { createBusinessUserInput, updateBusinessUserInput } from "@/lib/users/business-user-schemas";
import { createBusinessUser } from "@/lib/users/create-business-user";
import { getUserStatus } from "@/lib/users/get-user-status";
import { setCallingEnabled } from "@/lib/users/set-calling-enabled";
import { setUserEnabled } from "@/lib/users/set-user-enabled";
import { setUserStatus } from "@/lib/users/set-user-status";
import { apiKeyAuth, userEmailAuth } from "../auth";
import { jsonOrFormBody, readBody, userQuery } from "../form-or-json";
import { errorResponses } from "../schemas";
import type { ApiApp, ApiEnv } from "../types";

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

const g = { middleware: [apiKeyAuth, userEmailAuth], tags: ["Users"] };
const ok = {
  200: {
    description: "The user's status details",
    content: { "application/json": { schema: UserStatusDetails } },
  },
};
const errors = {
  ...errorResponses,
  403: { ...errorResponses[401], description: "The calling user's role may not do this" },
  409: { ...errorResponses[400], description: "E-mail already in use, or the user is disabled" },
};
const userIdParam = z.object({ userId: z.string().openapi({ param: { name: "userId", in: "path" } }) });

const createUser = createRoute({
  ...g,
  method: "post",
  path: "/api/v1/business/user",
  summary: "Create a user (G1)",
  request: { query: userQuery, body: jsonOrFormBody(createBusinessUserInput, "The new user") },
  responses: { ...ok, ...errors },
});
const updateUser = createRoute({
  ...g,
  method: "patch",
  path: "/api/v1/business/user",
  summary: "Update a user's status or calling flag, by `type` (G2)",
  request: {
    query: userQuery,
    body: jsonOrFormBody(updateBusinessUserInput, "type userStatus or callingEnabled"),
  },
  responses: { ...ok, ...errors },
});
const enableRoute = (enabled: boolean, path: string) =>
  createRoute({
    ...g,
    method: "post",
    path,
    summary: `${enabled ? "Enable" : "Disable"} a user (${enabled ? "G3" : "G4"})`,
    request: { query: userQuery, params: userIdParam },
    responses: { ...ok, ...errors },
  });
const statusRoute = (method: "get" | "post") =>
  createRoute({
    ...g,
    method,
    path: "/api/v1/business/user/{userId}/status",
    summary: "A user's status (G5)",
    request: { query: userQuery, params: userIdParam },
    responses: { ...ok, ...errors },
  });

function ctxOf(c: Context<ApiEnv>): { ctx: Ctx; businessId: string } {
  const user = c.get("user");
  const businessId = c.get("auth").businessId;
  return { ctx: { db: db(), actor: { type: "user", id: user.id, role: user.role, businessId } }, businessId };
}

export function registerBusinessUserRoutes(app: ApiApp): void {
  // POST /api/v1/business/user (G1)
  app.openapi(createUser, async (c) => {
    const { ctx, businessId } = ctxOf(c);
    const user = await createBusinessUser(ctx, businessId, readBody(c, createBusinessUserInput));
    return c.json({ success: true as const, message: "User created", ...user }, 200);
  });

  // PATCH /api/v1/business/user (G2)
  app.openapi(updateUser, async (c) => {
    const { ctx, businessId } = ctxOf(c);
    const input = readBody(c, updateBusinessUserInput);
    const user =
      input.type === "userStatus"
        ? await setUserStatus(ctx, businessId, input)
        : await setCallingEnabled(ctx, businessId, input);
    const message = input.type === "userStatus" ? "User status updated" : "Calling settings updated";
    return c.json({ success: true as const, message, ...user }, 200);
  });

  for (const enabled of [true, false]) {
    const verb = enabled ? "enable" : "disable";
    const handler = async (c: Context<ApiEnv>) => {
      const { ctx, businessId } = ctxOf(c);
      const user = await setUserEnabled(ctx, businessId, { userId: c.req.param("userId")!, enabled });
      return c.json({ success: true as const, message: `User ${verb}d`, ...user }, 200);
    };
    // POST /api/v1/business/user/{userId}/enable (G3) and .../disable (G4)
    app.openapi(enableRoute(enabled, `/api/v1/business/user/{userId}/${verb}`), handler);
    // POST /api/v1/business/user/enable/{userId} (G3, second form) and disable/{userId} (G4)
    app.openapi(enableRoute(enabled, `/api/v1/business/user/${verb}/{userId}`), handler);
  }

  for (const method of ["get", "post"] as const) {
    // GET and POST /api/v1/business/user/{userId}/status (G5)
    app.openapi(statusRoute(method), async (c) => {
      const { ctx, businessId } = ctxOf(c);
      const user = await getUserStatus(ctx, businessId, c.req.valid("param").userId);
      return c.json({ success: true as const, message: "User status", ...user }, 200);
    });
  }
}
