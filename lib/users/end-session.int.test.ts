import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { endSession, keepSessionEnded } from "./end-session";
import { findSessionUser } from "./find-session-user";

const HOUR = 3600 * 1000;
const expiresAt = (sid: string) =>
  rawQuery<{ expires_at: Date }>(db(), `SELECT expires_at FROM ended_sessions WHERE sid = $1`, [sid]).then(
    (r) => r[0]?.expires_at ?? null,
  );

describe("signing a session out", () => {
  it("ends that session alone, for as long as it is presented; sessions without an id are unaffected", async () => {
    const t = await createTestBusiness();
    const user = await createTestUser(t.business.id);
    const ctx = systemCtx("test");
    const [laptop, phone] = [uuidv7(), uuidv7()];
    expect(await findSessionUser(ctx, user.id, 1, laptop)).toMatchObject({ id: user.id });

    await endSession(ctx, { sid: laptop, userId: user.id, expiresAt: new Date(Date.now() + 8 * HOUR) });
    await endSession(ctx, { sid: laptop, userId: user.id, expiresAt: new Date(Date.now() + 8 * HOUR) });
    expect(await findSessionUser(ctx, user.id, 1, laptop)).toBeNull();
    expect(await findSessionUser(ctx, user.id, 1, phone)).toMatchObject({ id: user.id });
    expect(await findSessionUser(ctx, user.id, 1, null)).toMatchObject({ id: user.id });

    // Presented again later: the record outlives the renewed cookie.
    await rawQuery(
      db(),
      `UPDATE ended_sessions SET expires_at = now() + interval '1 minute' WHERE sid = $1`,
      [laptop],
    );
    await keepSessionEnded(ctx, laptop, 8 * 3600);
    expect((await expiresAt(laptop))!.getTime()).toBeGreaterThan(Date.now() + 7 * HOUR);
  });

  it("forgets sessions that have expired since", async () => {
    const t = await createTestBusiness();
    const user = await createTestUser(t.business.id);
    const ctx = systemCtx("test");
    const old = uuidv7();
    await endSession(ctx, { sid: old, userId: user.id, expiresAt: new Date(Date.now() - HOUR) });
    expect(await expiresAt(old)).not.toBeNull();
    await endSession(ctx, { sid: uuidv7(), userId: user.id, expiresAt: new Date(Date.now() + HOUR) });
    expect(await expiresAt(old)).toBeNull();
  });
});
