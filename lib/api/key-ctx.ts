import type { Context } from "hono";
import type { Ctx } from "@/lib/context";
import { db } from "@/lib/db";
import type { ApiEnv } from "./types";

/** The domain context of a request authenticated by an API key: the key acts for its business. */
export function keyCtx(c: Context<ApiEnv>): Ctx {
  const { keyId, businessId } = c.get("auth");
  return { db: db(), actor: { type: "api_key", id: keyId, businessId } };
}
