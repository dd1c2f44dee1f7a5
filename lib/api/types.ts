import type { OpenAPIHono } from "@hono/zod-openapi";
import type { VerifiedKey } from "@/lib/api-keys/verify-api-key";
import type { SessionUser } from "@/lib/users/schemas";

/** Variables the middleware chain puts on the Hono context. */
export type ApiEnv = {
  Variables: {
    requestId: string;
    /** Set by the API-key middleware: the key and its business. */
    auth: VerifiedKey;
    /** Set by the e-mail middleware (users, teams, calling). */
    user: SessionUser;
  };
};

export type ApiApp = OpenAPIHono<ApiEnv>;
