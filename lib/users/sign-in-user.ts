import { sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import {
  SIGN_IN_LIMITS,
  pruneSignInThrottle,
  settleSignInSuccess,
  takeSignInAttempt,
} from "./sign-in-throttle";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { log } from "../log";
import { authenticateUser } from "./authenticate-user";
import { signInInput, type SessionUser } from "./schemas";

/**
 * Dashboard sign-in with the throttle in front: a refused attempt throws rate_limited (with
 * the seconds to wait) without checking the password; a wrong password returns null; the
 * attempt that locks an account or address leaves an audit entry.
 */
export async function signInUser(
  ctx: Ctx,
  input: { credentials: unknown; address?: string | null },
): Promise<SessionUser | null> {
  const parsed = signInInput.safeParse(input.credentials);
  if (!parsed.success) return null;
  const { email } = parsed.data;
  // Housekeeping now and then rather than on a schedule: the table stays small.
  if (Math.random() < 0.01) await pruneSignInThrottle(ctx);
  const taken = await takeSignInAttempt(ctx, { email, address: input.address });
  if (!taken.ok) {
    log.info({ throttle: taken.kind, retryAfter: taken.retryAfter }, "dashboard sign-in throttled");
    throw new AppError(
      "rate_limited",
      `Too many failed sign-in attempts ${taken.kind === "account" ? "for this account" : "from your address"}. Try again in ${waitText(taken.retryAfter)}.`,
      [],
      taken.retryAfter,
    );
  }
  const user = await authenticateUser(ctx, parsed.data);
  if (user) {
    await settleSignInSuccess(ctx, taken.ticket);
    return user;
  }
  for (const kind of taken.ticket.lockedNow) await auditLock(ctx, kind, email, input.address);
  return null;
}

async function auditLock(ctx: Ctx, kind: "account" | "address", email: string, address?: string | null) {
  const [target] =
    kind === "account"
      ? await ctx.db
          .select({ id: users.id, businessId: users.businessId })
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      : [];
  const limits = SIGN_IN_LIMITS[kind];
  await recordAudit(
    { ...ctx, actor: { type: "system", id: "sign-in-throttle" } },
    {
      businessId: target?.businessId ?? null,
      action: "auth.sign_in_locked",
      targetType: kind === "account" ? "user" : "client_address",
      // An unknown e-mail is not recorded: it may be anyone's address, typed by anyone.
      targetId: kind === "account" ? (target?.id ?? null) : (address ?? null),
      data: { throttle: kind, failures: limits.lockAfter, lockedForSeconds: SIGN_IN_LIMITS.lockSeconds },
    },
  );
}

/** "45 seconds", "15 minutes": when the caller may try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
