import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Ctx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { apiKeyAuth, userEmailAuth } from "./auth";
import { defineOperation, type Operation, type OperationDef } from "./operation";
import type { ApiEnv } from "./types";

/** What a handler acting for the key's business starts with. */
export type BusinessScope = {
  /** The domain context: acting as the key, or as the `email` user on the G routes. */
  ctx: Ctx;
  businessId: string;
  keyId: string;
};

/** The key's scope: the key acts for its business. */
export function keyScope(c: Context<ApiEnv>): BusinessScope {
  const { keyId, businessId } = c.get("auth");
  return { ctx: { db: db(), actor: { type: "api_key", id: keyId, businessId } }, businessId, keyId };
}

/** The G routes' scope: the `email` user of the key's business acts, with its role. */
export function userScope(c: Context<ApiEnv>): BusinessScope {
  const { keyId, businessId } = c.get("auth");
  const user = c.get("user");
  return {
    ctx: { db: db(), actor: { type: "user", id: user.id, role: user.role, businessId } },
    businessId,
    keyId,
  };
}

type Handle<R extends RouteConfig> = (
  c: Parameters<RouteHandler<R, ApiEnv>>[0],
  scope: BusinessScope,
) => ReturnType<RouteHandler<R, ApiEnv>>;

/**
 * An operation on the key's business: before anything else (validation included) the API key
 * is checked, a business id in the path must be the key's, and one token of the key's rate
 * limit is spent (auth.ts, apiKeyAuth); with `actAs: "user"` the `email` query parameter must
 * then name an enabled user of that business (spec G). The handler gets the scope and reads
 * as: parse, call the domain function, answer.
 */
export function withBusiness<R extends RouteConfig>(
  def: OperationDef<R> & { actAs?: "key" | "user" },
  handle: Handle<R>,
): Operation {
  const asUser = def.actAs === "user";
  const scope = asUser ? userScope : keyScope;
  // The credential runs first: no key is a 401 whatever else is wrong with the request.
  const auth = asUser ? [apiKeyAuth, userEmailAuth] : [apiKeyAuth];
  return defineOperation({
    ...def,
    auth: asUser ? "business-user" : "business",
    contract: { ...def.contract, middleware: [...auth, ...[def.contract.middleware ?? []].flat()] },
    handler: ((c: Parameters<Handle<R>>[0]) => handle(c, scope(c as never))) as never,
  });
}
