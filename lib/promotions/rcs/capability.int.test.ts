import { afterEach, describe, expect, it } from "vitest";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { verify } from "@/lib/callbacks/sign";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { startReceiver, type Received } from "@/test/callback-receiver";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf, rcsCard } from "@/test/messages";
import { batchBody, batchRow, c1, c2, promotionRow, recipientsOf } from "@/test/promotions-rcs";
import { checkBatchCapability } from "./check-batch-capability";

const ctx = systemCtx("test");
/** A recipient handed to the engine: pending, or already sent on by it (drainAll runs it). */
const SENDABLE = expect.stringMatching(/^(pending|queued|sent|delivered|read)$/);

/** The promotion's messages: who got one and over which channel. */
const sentOf = (promotionId: string) =>
  rawQuery<{ recipient: string; channel: string }>(
    db(),
    `SELECT recipient, channel FROM messages WHERE transaction_id = $1 ORDER BY channel DESC, recipient`,
    [promotionId],
  );
const receivers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close().catch(() => undefined)));
});

async function withReceiver(t: TestBusiness) {
  const rx = await startReceiver();
  receivers.push(rx);
  const { secret } = await createEndpoint(ctx, t.business.id, { url: rx.url });
  return { rx, secret };
}

/** The capability callbacks among what the endpoint received (it also gets message statuses). */
const capabilityCalls = (received: Received[]) =>
  received.filter((r) => r.headers["x-switchboard-event"] === "capability.batch");
const signed = (r: Received, secret: string) =>
  verify(
    secret,
    {
      id: String(r.headers["webhook-id"]),
      timestamp: String(r.headers["webhook-timestamp"]),
      signature: String(r.headers["webhook-signature"]),
    },
    r.body,
  );

const subscribers = [
  { phone: "919900100001" },
  { phone: "919900100404" }, // the simulator's not-RCS-capable pattern
  { phone: "919900100002" },
  { phone: "919900200404" },
  { phone: "919900100077" }, // opted out
];

async function campaignWithBatch(t: TestBusiness, c1Body: Record<string, unknown> = {}) {
  const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
  await rawQuery(
    db(),
    `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, '919900100077', 'api')`,
    [t.business.id],
  );
  const { promotionId } = (await c1(t, { promotionName: "Capability", ...c1Body })).json;
  const res = await c2(t, batchBody(promotionId, tpl.id, subscribers, { doCapability: true }));
  expect(res.status, res.text).toBe(200);
  return { promotionId, batchId: res.json.batchId as string };
}

describe("C2 with doCapability", () => {
  it("checks in bulk, sends only RCS-capable numbers, and calls back signed with the spec's body", async () => {
    const t = await createTestBusiness();
    const { rx, secret } = await withReceiver(t);
    const { promotionId, batchId } = await campaignWithBatch(t);

    // Before the check: only the opted-out number is a recipient; nothing the engine could send.
    expect((await recipientsOf(t.business.id, promotionId)).map((r) => [r.phone, r.state])).toEqual([
      ["919900100077", "optout"],
    ]);
    expect(await batchRow(t.business.id, batchId)).toMatchObject({ state: "checking", total: 5 });
    const [job] = await rawQuery(
      db(),
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'promotions.rcs-capability' AND data->>'batchId' = $1`,
      [batchId],
    );
    expect(job).toEqual({ n: 1 });

    await drainAll();
    const rows = await recipientsOf(t.business.id, promotionId);
    expect(rows.map((r) => [r.seq, r.phone, r.state, r.via_fallback])).toEqual([
      [0, "919900100001", SENDABLE, false],
      [1, "919900100404", "non_rcs", false],
      [2, "919900100002", SENDABLE, false],
      [3, "919900200404", "non_rcs", false],
      [4, "919900100077", "optout", false],
    ]);
    // The engine sent the RCS-capable numbers, over RCS, and nothing else.
    expect(await sentOf(promotionId)).toEqual([
      { recipient: "919900100001", channel: "rcs" },
      { recipient: "919900100002", channel: "rcs" },
    ]);
    expect(await batchRow(t.business.id, batchId)).toMatchObject({
      state: "ready",
      rcs_count: 2,
      non_rcs_count: 2,
      awaiting: null,
    });
    const p = (await promotionRow(t.business.id, promotionId))!;
    expect(p.next_run_at.getTime()).toBeLessThanOrEqual(Date.now());
    const [counter] = await rawQuery(
      db(),
      `SELECT optout FROM promotion_counters WHERE promotion_id = $1 AND round = 0`,
      [promotionId],
    );
    expect(counter).toEqual({ optout: 1 });

    expect(capabilityCalls(rx.received)).toHaveLength(1);
    const r = capabilityCalls(rx.received)[0]!;
    expect(signed(r, secret)).toBe(true);
    expect(signed({ ...r, body: r.body.replace("true", "false") }, secret)).toBe(false);
    expect(r.headers["x-switchboard-event"]).toBe("capability.batch");
    const body = JSON.parse(r.body);
    expect(Object.keys(body).sort()).toEqual(
      [
        "success",
        "promotionId",
        "batchId",
        "totalProcessed",
        "rcsNumbers",
        "nonRcsNumbers",
        "rcsCount",
        "nonRcsCount",
      ].sort(),
    );
    expect(body).toEqual({
      success: true,
      promotionId,
      batchId,
      totalProcessed: 4,
      rcsNumbers: ["91XXXXXX0001", "91XXXXXX0002"],
      nonRcsNumbers: ["919900100404", "919900200404"],
      rcsCount: 2,
      nonRcsCount: 2,
    });
  });

  it("sends non-RCS numbers through the campaign's chatapp fallback when one is set", async () => {
    const t = await createTestBusiness();
    const chat = await approvedTemplate(t.business.id);
    const { rx } = await withReceiver(t);
    const { promotionId } = await campaignWithBatch(t, {
      fallback: { templateName: chat.name, language: "en_US", phoneNumberId: phoneOf(t) },
    });
    await drainAll();
    const rows = await recipientsOf(t.business.id, promotionId);
    expect(rows.map((r) => [r.phone, r.state, r.via_fallback])).toEqual([
      ["919900100001", SENDABLE, false],
      ["919900100404", SENDABLE, true],
      ["919900100002", SENDABLE, false],
      ["919900200404", SENDABLE, true],
      ["919900100077", "optout", false],
    ]);
    // RCS-capable numbers over RCS, the others through the chatapp fallback.
    expect(await sentOf(promotionId)).toEqual([
      { recipient: "919900100001", channel: "rcs" },
      { recipient: "919900100002", channel: "rcs" },
      { recipient: "919900100404", channel: "chatapp" },
      { recipient: "919900200404", channel: "chatapp" },
    ]);
    // The callback still tells which numbers have no RCS.
    expect(JSON.parse(capabilityCalls(rx.received)[0]!.body)).toMatchObject({ rcsCount: 2, nonRcsCount: 2 });
  });

  it("ends with success false and sends nothing over RCS when the check fails for good", async () => {
    const t = await createTestBusiness();
    const { rx } = await withReceiver(t);
    const { promotionId, batchId } = await campaignWithBatch(t);
    await rawQuery(
      db(),
      `UPDATE business_channels SET enabled = false WHERE business_id = $1 AND channel = 'rcs'`,
      [t.business.id],
    );
    // A try with retries left throws (pg-boss retries it) and leaves the batch as it was.
    const [job] = await rawQuery<{ id: string }>(
      db(),
      `SELECT id FROM pgboss.job WHERE name = 'promotions.rcs-capability' AND data->>'batchId' = $1`,
      [batchId],
    );
    await expect(
      checkBatchCapability(
        { businessId: t.business.id, promotionId, batchId },
        { id: job!.id, queue: "promotions.rcs-capability", retryCount: 0 },
      ),
    ).rejects.toThrow(/not enabled/);
    expect(await batchRow(t.business.id, batchId)).toMatchObject({ state: "checking" });
    expect(await recipientsOf(t.business.id, promotionId)).toHaveLength(1);
    // No job info: the last try.
    await checkBatchCapability({ businessId: t.business.id, promotionId, batchId });
    const rows = await recipientsOf(t.business.id, promotionId);
    expect(rows.filter((r) => r.state === "pending")).toEqual([]);
    expect(rows.map((r) => r.state).sort()).toEqual(["non_rcs", "non_rcs", "non_rcs", "non_rcs", "optout"]);
    await drainAll();
    expect(JSON.parse(rx.received[0]!.body)).toEqual({
      success: false,
      promotionId,
      batchId,
      totalProcessed: 0,
      rcsNumbers: [],
      nonRcsNumbers: [],
      rcsCount: 0,
      nonRcsCount: 0,
    });
    // A retried job finds the batch ready and does nothing twice.
    await checkBatchCapability({ businessId: t.business.id, promotionId, batchId });
    await drainAll();
    expect(rx.received).toHaveLength(1);
  });

  it("skips a number another batch still being checked holds", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const { promotionId } = (await c1(t, { promotionName: "Overlap" })).json;
    const first = await c2(
      t,
      batchBody(promotionId, tpl.id, [{ phone: "919900300001" }], { doCapability: true }),
    );
    const second = await c2(
      t,
      batchBody(promotionId, tpl.id, [{ phone: "919900300001" }, { phone: "919900300002" }]),
    );
    expect(first.status).toBe(200);
    expect(second.json.rejected).toEqual([
      { index: 0, phone: "919900300001", reason: "duplicate: already in this campaign" },
    ]);
    await drainAll();
    const rows = await recipientsOf(t.business.id, promotionId);
    expect(rows.map((r) => [r.seq, r.phone, r.state])).toEqual([
      [0, "919900300001", SENDABLE],
      [1, "919900300002", SENDABLE],
    ]);
  });
});
