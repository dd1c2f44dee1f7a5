import { createHash, timingSafeEqual } from "node:crypto";
import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { defineOperation, type Operation, type OperationDef } from "../operation";
import type { ApiEnv } from "../types";

/** `Authorization: Bearer <OPERATOR_SECRET>`; compared in constant time. */
export const operatorAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const secret = env().OPERATOR_SECRET;
  if (!secret) {
    throw new AppError(
      "unavailable",
      "The operator routes (/api/internal/*) are disabled: set OPERATOR_SECRET on the server to use them",
    );
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!m || !timingSafeEqual(digest(m[1]!), digest(secret))) {
    throw new AppError("unauthorized", "Send the operator secret as Authorization: Bearer <OPERATOR_SECRET>");
  }
  await next();
};

/** An operator operation (/api/internal/*): the operator secret is checked before anything else. */
export function withOperator<R extends RouteConfig>(
  def: OperationDef<R>,
  handler: RouteHandler<R, ApiEnv>,
): Operation {
  return defineOperation({
    ...def,
    auth: "operator",
    contract: { ...def.contract, middleware: [operatorAuth] },
    handler,
  });
}
