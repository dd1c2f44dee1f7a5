import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, signInThrottle } from "@/db/schema";
import { AppError } from "../errors";
import { systemCtx } from "../context";
import { db } from "../db/pool";
import { signInUser, waitText } from "./sign-in-user";
import { createTestBusiness } from "@/test/factories";

// The sign-in throttle: counts live in PostgreSQL, so these hold across instances.
const ctx = systemCtx("test");
const address = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;
const keyOf = (kind: string, value: string) => createHash("sha256").update(`${kind}:${value}`).digest("hex");
const attempt = (email: string, password: string, addr: string | null) =>
  signInUser(ctx, { credentials: { email, password }, address: addr }).then(
    (user) => ({ user, error: undefined as AppError | undefined }),
    (error: unknown) => {
      if (error instanceof AppError) return { user: null, error };
      throw error;
    },
  );

describe("signInUser throttle", () => {
  it("tries only 5 of 20 wrong passwords sent at once, then asks the caller to wait", async () => {
    const t = await createTestBusiness();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => attempt(t.admin.email, "wrong-password", address())),
    );
    const tried = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    // 5, and on a loaded machine perhaps one more whose turn came after the first 1 s delay
    // ran out.
    expect(tried.length).toBeGreaterThanOrEqual(5);
    expect(tried.length).toBeLessThanOrEqual(6);
    expect(tried.every((r) => r.user === null)).toBe(true);
    expect(refused.length).toBe(20 - tried.length);
    for (const r of refused) {
      expect(r.error!.code).toBe("rate_limited");
      expect(r.error!.message).toMatch(
        /^Too many failed sign-in attempts for this account\. Try again in \d+ seconds?\.$/,
      );
      expect(r.error!.retryAfter).toBeGreaterThanOrEqual(1);
    }
  });

  it("lets the right password in after the delay and starts the account afresh", async () => {
    const t = await createTestBusiness();
    for (let i = 0; i < 5; i++) await attempt(t.admin.email, "wrong-password", null);
    const key = keyOf("account", t.admin.email);
    const [row] = await db().select().from(signInThrottle).where(eq(signInThrottle.key, key));
    expect(row).toMatchObject({ failures: 5 });
    expect(row!.blockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // While delayed, even the right password waits (a fixed 30 s here, not the 1 s that the
    // argon2 checks of a loaded machine could outlast).
    await db()
      .update(signInThrottle)
      .set({ blockedUntil: new Date(Date.now() + 30_000) })
      .where(eq(signInThrottle.key, key));
    const waiting = await attempt(t.admin.email, t.admin.password, null);
    expect(waiting.error?.message).toMatch(/Try again in (29|30) seconds\.$/);
    expect(waiting.error?.retryAfter).toBeGreaterThanOrEqual(29);
    // The delay passes (moved into the past rather than slept through).
    await db()
      .update(signInThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottle.key, key));
    const ok = await attempt(t.admin.email, t.admin.password, null);
    expect(ok.user?.id).toBe(t.admin.id);
    expect(await db().select().from(signInThrottle).where(eq(signInThrottle.key, key))).toHaveLength(0);
  });

  it("locks the account for 15 minutes at the 20th failure, with an audit entry", async () => {
    const t = await createTestBusiness();
    const key = keyOf("account", t.admin.email);
    await db()
      .insert(signInThrottle)
      .values({ key, failures: 19, lastFailureAt: new Date(), blockedUntil: null });
    expect((await attempt(t.admin.email, "wrong-password", null)).user).toBeNull();
    const locked = await attempt(t.admin.email, t.admin.password, null);
    expect(locked.error?.message).toBe(
      "Too many failed sign-in attempts for this account. Try again in 15 minutes.",
    );
    expect(locked.error?.retryAfter).toBeGreaterThan(14 * 60);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.sign_in_locked"), eq(auditLog.targetId, t.admin.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      businessId: t.business.id,
      targetType: "user",
      data: { throttle: "account", failures: 20, lockedForSeconds: 900 },
    });
  });

  it("forgets failures older than 15 minutes", async () => {
    const t = await createTestBusiness();
    const key = keyOf("account", t.admin.email);
    await db()
      .insert(signInThrottle)
      .values({ key, failures: 19, lastFailureAt: new Date(Date.now() - 16 * 60_000), blockedUntil: null });
    await attempt(t.admin.email, "wrong-password", null);
    const [row] = await db().select().from(signInThrottle).where(eq(signInThrottle.key, key));
    expect(row).toMatchObject({ failures: 1, blockedUntil: null });
  });

  it("throttles one address trying many accounts; other addresses are not affected", async () => {
    const t = await createTestBusiness();
    const addr = address();
    for (let i = 0; i < 10; i++) {
      expect((await attempt(`nobody-${i}-${addr}@example.test`, "guess", addr)).error).toBeUndefined();
    }
    const refused = await attempt(t.admin.email, t.admin.password, addr);
    expect(refused.error?.message).toMatch(
      /^Too many failed sign-in attempts from your address\. Try again in/,
    );
    expect((await attempt(t.admin.email, t.admin.password, address())).user?.id).toBe(t.admin.id);
  });

  it("does not count successful sign-ins against the address", async () => {
    const t = await createTestBusiness();
    const addr = address();
    for (let i = 0; i < 12; i++) {
      expect((await attempt(t.admin.email, t.admin.password, addr)).user?.id).toBe(t.admin.id);
    }
  });

  it("says how long to wait in words", () => {
    expect([waitText(1), waitText(45), waitText(60), waitText(61), waitText(900)]).toEqual([
      "1 second",
      "45 seconds",
      "1 minute",
      "2 minutes",
      "15 minutes",
    ]);
  });
});
