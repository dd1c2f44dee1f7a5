import type { Context } from "hono";
import type { Ctx } from "@/lib/context";
import { db } from "@/lib/db";
import type { ApiEnv } from "./types";

/** The domain context of a request authenticated by an API key: the key acts for its business. */
export function keyCtx(c: Context<ApiEnv>): Ctx {
  const { keyId, businessId } = c.get("auth");
  return { db: db(), actor: { type: "api_key", id: keyId, businessId } };
}

/** The key's context and business: what a handler acting for the key's business starts with. */
export function keyScope(c: Context<ApiEnv>): { ctx: Ctx; businessId: string } {
  return { ctx: keyCtx(c), businessId: c.get("auth").businessId };
}
