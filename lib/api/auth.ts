import type { Context, MiddlewareHandler } from "hono";
import { and, eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { effectiveRate, keyRateLimiter } from "@/lib/api-keys/key-rate-limiter";
import { isKnownGoodKey, verifyApiKey } from "@/lib/api-keys/verify-api-key";
import { db } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError, unauthorized } from "@/lib/errors";
import { toSessionUser } from "@/lib/users/authenticate-user";
import { BadKeyThrottle } from "./bad-key-throttle";
import { clientAddress } from "./client-address";
import type { ApiEnv } from "./types";

/**
 * The three credential schemes of the spec, accepted on every endpoint: `x-api-key` header,
 * `Authorization: Bearer <key>`, or the `apikey` query parameter.
 */
export function presentedKey(c: Context): string | undefined {
  const header = c.req.header("x-api-key");
  if (header) return header.trim();
  const authz = c.req.header("authorization");
  if (authz) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authz);
    if (m) return m[1];
  }
  return c.req.query("apikey")?.trim() || undefined;
}

const badKeys = new BadKeyThrottle(() => ({
  limit: env().API_BAD_KEY_LIMIT,
  windowMs: env().API_BAD_KEY_WINDOW_SECONDS * 1000,
}));

/**
 * Authenticates the API key and, when the path names a business ({business_id} or
 * {tenant_id}), requires it to be the key's business: another business's id is a 401, so a
 * key never learns whether a foreign business exists. Then spends one token of the key's rate
 * limit. An address that presented too many invalid keys is refused before any lookup.
 */
export const apiKeyAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const key = presentedKey(c);
  if (!key) {
    throw unauthorized(
      "Missing API key: send it as the x-api-key header, a Bearer token or the apikey query parameter",
    );
  }
  // Nothing to look up (not even the address) until some address has failed.
  const address = badKeys.size > 0 ? clientAddress(c) : undefined;
  const wait = address === undefined ? null : badKeys.blockedFor(address);
  if (wait !== null && !isKnownGoodKey(key)) {
    throw new AppError(
      "rate_limited",
      `Too many invalid API keys from your address: retry in ${wait} s with a valid key`,
      [{ path: "apiKey", message: "Check the key you send; revoked and mistyped keys count" }],
      wait,
    );
  }
  const verified = await verifyApiKey(key);
  if (!verified) {
    const from = address ?? clientAddress(c);
    if (from !== undefined) badKeys.fail(from);
    throw unauthorized("Invalid or revoked API key");
  }
  const pathBusiness = c.req.param("business_id") ?? c.req.param("tenant_id");
  if (pathBusiness !== undefined && pathBusiness !== verified.businessId) {
    throw unauthorized("This API key does not belong to the business in the path");
  }
  const rate = effectiveRate(verified, env());
  if (rate.perSecond > 0) {
    const retryAfter = await keyRateLimiter.take(verified.keyId, rate);
    if (retryAfter !== null) {
      throw new AppError(
        "rate_limited",
        `Rate limit of this API key exceeded (${rate.perSecond} requests/s, bursts of ${rate.burst}): retry in ${retryAfter} s`,
        [{ path: "apiKey", message: "Spread requests out, or ask the operator for a higher limit" }],
        retryAfter,
      );
    }
  }
  c.set("auth", verified);
  await next();
};

/**
 * For the user, team and calling endpoints (spec G): after the key, the `email` query
 * parameter must name an enabled user of the key's business. Its role decides what it may do.
 */
export const userEmailAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const email = c.req.query("email")?.trim().toLowerCase();
  if (!email)
    throw unauthorized("Missing email: pass the e-mail of the calling user as the email query parameter");
  const { businessId } = c.get("auth");
  const [u] = await db()
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.businessId, businessId)));
  if (!u || !u.enabled) throw unauthorized("The email is not an active user of this business");
  c.set("user", toSessionUser(u));
  await next();
};
