import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, callbackEndpoints } from "@/db/schema";
import { systemCtx } from "../context";
import { AppError } from "../errors";
import { createEndpoint } from "./create-endpoint";
import { getEndpoint } from "./list-endpoints";
import { replayDelivery } from "./replay-delivery";
import { revealSecret } from "./reveal-secret";
import { rotateSecret } from "./rotate-secret";
import { decryptSecret } from "./secret-box";
import { sendTestEvent } from "./send-test-event";
import { verify } from "./sign";
import { startReceiver, type Received } from "@/test/callback-receiver";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const ctx = systemCtx("test");
const DAY = 24 * 60 * 60;

/** The `v1,` signatures of a request, in header order. */
const signatures = (r: Received) => String(r.headers["webhook-signature"]).split(" ");

/** Whether `signature` (one part, or the whole header) verifies with `secret`. */
function verifies(r: Received, secret: string, signature = String(r.headers["webhook-signature"])) {
  return verify(
    secret,
    { id: String(r.headers["webhook-id"]), timestamp: String(r.headers["webhook-timestamp"]), signature },
    r.body,
  );
}

async function storedRow(t: TestBusiness, id: string) {
  const [row] = await ctx.db
    .select()
    .from(callbackEndpoints)
    .where(and(eq(callbackEndpoints.businessId, t.business.id), eq(callbackEndpoints.id, id)));
  return row!;
}

describe("rotating an endpoint's secret with a grace period", () => {
  let t: TestBusiness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  // The first request of each test can be made to fail, to leave a delivery pending.
  let failNext = false;
  beforeAll(async () => {
    t = await createTestBusiness();
    rx = await startReceiver(() => {
      if (!failNext) return 200;
      failNext = false;
      return 500;
    });
  });
  afterAll(() => rx.close());

  const last = () => rx.received.at(-1)!;

  it("signs with the new and the old secret during the grace (24 h by default), retries of older events too", async () => {
    const { endpoint, secret: old } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    failNext = true;
    const pending = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(pending.status).toBe("pending");
    expect(signatures(last())).toHaveLength(1);

    const before = Math.floor(Date.now() / 1000);
    const rotated = await rotateSecret(ctx, t.business.id, endpoint.id);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previousSecretExpiresAt).toBeGreaterThanOrEqual(before + DAY - 5);
    expect(rotated.previousSecretExpiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + DAY + 5);
    expect((await getEndpoint(ctx, t.business.id, endpoint.id)).previousSecretExpiresAt).toBe(
      rotated.previousSecretExpiresAt,
    );
    expect(await revealSecret(ctx, t.business.id, endpoint.id)).toBe(rotated.secret);

    // A new event: two signatures, the new secret's first, each verifiable with one secret.
    const fresh = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(fresh.status).toBe("delivered");
    const [first, second] = signatures(last());
    expect(signatures(last())).toHaveLength(2);
    expect(verifies(last(), rotated.secret, first)).toBe(true);
    expect(verifies(last(), old, first)).toBe(false);
    expect(verifies(last(), old, second)).toBe(true);
    expect(verifies(last(), rotated.secret, second)).toBe(false);

    // The event that failed before the rotation is retried with both signatures as well.
    const retried = await replayDelivery(ctx, t.business.id, pending.id);
    expect(retried.status).toBe("delivered");
    expect(last().headers["webhook-id"]).toBe(pending.id);
    expect(signatures(last())).toHaveLength(2);
    expect(verifies(last(), old)).toBe(true);
    expect(verifies(last(), rotated.secret)).toBe(true);
  });

  it("keeps the previous secret sealed at rest and signs with the new one only once the grace is over", async () => {
    const { endpoint, secret: old } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    const rotated = await rotateSecret(ctx, t.business.id, endpoint.id, { graceSeconds: 3600 });
    const row = await storedRow(t, endpoint.id);
    expect(row.previousSecretCiphertext).toMatch(/^v1\./);
    expect(row.previousSecretCiphertext).not.toContain(old.slice("whsec_".length));
    expect(decryptSecret(row.previousSecretCiphertext!)).toBe(old);
    expect(rotated.previousSecretExpiresAt! - Math.floor(Date.now() / 1000)).toBeGreaterThan(3600 - 5);

    // The grace runs out (moved into the past rather than waited for).
    await ctx.db
      .update(callbackEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(callbackEndpoints.id, endpoint.id));
    expect((await getEndpoint(ctx, t.business.id, endpoint.id)).previousSecretExpiresAt).toBeNull();
    await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(signatures(last())).toHaveLength(1);
    expect(verifies(last(), rotated.secret)).toBe(true);
    expect(verifies(last(), old)).toBe(false);
  });

  it("with graceSeconds 0 stops the old secret at once and keeps nothing of it", async () => {
    const { endpoint, secret: old } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    const rotated = await rotateSecret(ctx, t.business.id, endpoint.id, { graceSeconds: 0 });
    expect(rotated.previousSecretExpiresAt).toBeNull();
    const row = await storedRow(t, endpoint.id);
    expect(row.previousSecretCiphertext).toBeNull();
    expect(row.previousSecretExpiresAt).toBeNull();
    await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(signatures(last())).toHaveLength(1);
    expect(verifies(last(), rotated.secret)).toBe(true);
    expect(verifies(last(), old)).toBe(false);
  });

  it("a second rotation within the grace keeps only the secret it replaces", async () => {
    const { endpoint, secret: first } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    const second = await rotateSecret(ctx, t.business.id, endpoint.id);
    const third = await rotateSecret(ctx, t.business.id, endpoint.id, { graceSeconds: 60 });
    expect(third.previousSecretExpiresAt! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(signatures(last())).toHaveLength(2);
    expect(verifies(last(), third.secret, signatures(last())[0])).toBe(true);
    expect(verifies(last(), second.secret, signatures(last())[1])).toBe(true);
    expect(verifies(last(), first)).toBe(false);
  });

  it("an unreadable previous secret fails that endpoint's attempt (recorded, retried), not the chunk", async () => {
    const { endpoint } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    await rotateSecret(ctx, t.business.id, endpoint.id);
    await ctx.db
      .update(callbackEndpoints)
      .set({ previousSecretCiphertext: "v1.otherkey.AAAA.AAAA.AAAA" })
      .where(eq(callbackEndpoints.id, endpoint.id));
    const before = rx.received.length;
    const d = await sendTestEvent(ctx, t.business.id, endpoint.id);
    expect(d.status).toBe("pending");
    expect(d.lastError).toMatch(/could not send: callback secret was encrypted with another/);
    expect(rx.received.length).toBe(before);
  });

  it("records the grace in the audit log", async () => {
    const { endpoint } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    await rotateSecret(ctx, t.business.id, endpoint.id, { graceSeconds: 7 * DAY });
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, t.business.id), eq(auditLog.targetId, endpoint.id)));
    const audit = rows.find((r) => r.action === "callback_endpoint.rotate_secret");
    expect(audit?.data).toEqual({ graceSeconds: 7 * DAY });
    expect(JSON.stringify(rows)).not.toContain("whsec_");
  });

  it.each([
    [-1, /cannot be negative/],
    [7 * DAY + 1, /At most 604800 seconds/],
    [1.5, /whole number/],
    ["3600", /whole number/],
  ])("refuses graceSeconds %j with a 400 naming the field, and changes nothing", async (grace, message) => {
    const { endpoint, secret } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    const err = await rotateSecret(ctx, t.business.id, endpoint.id, {
      graceSeconds: grace as number,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("invalid_request");
    expect((err as AppError).details[0]).toMatchObject({ path: "graceSeconds" });
    expect((err as AppError).details[0]!.message).toMatch(message);
    expect(await revealSecret(ctx, t.business.id, endpoint.id)).toBe(secret);
  });

  it("cannot rotate another business's endpoint", async () => {
    const other = await createTestBusiness();
    const { endpoint, secret } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    await expect(rotateSecret(ctx, other.business.id, endpoint.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await revealSecret(ctx, t.business.id, endpoint.id)).toBe(secret);
    expect((await storedRow(t, endpoint.id)).previousSecretCiphertext).toBeNull();
  });
});
