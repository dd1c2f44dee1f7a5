import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { verify } from "@/lib/callbacks/sign";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { rawQuery } from "@/lib/db/sql";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { applyStatusEvents } from "./apply-status-events";
import { listSimulatorInbox } from "../simulator/list-simulator-inbox";
import { sendBulkMessages } from "../send/send-bulk-messages";
import { sendTemplateMessage } from "../send/send-template-message";
import { simulateRecipientAction } from "../simulator/simulate-recipient-action";
import { getMessageTimeline } from "./get-message-timeline";

const ctx = systemCtx("test");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function sendOne(t: TestBusiness, to: string, name: string) {
  return sendTemplateMessage(ctx, t.business.id, a1Body(name, phoneOf(t), to, ["A", "B"]));
}

async function events(businessId: string, messageId: string) {
  return rawQuery<{ status: string; outcome: string; source: string }>(
    db(),
    `SELECT status, outcome, source FROM message_events WHERE business_id = $1 AND message_id = $2 ORDER BY received_at, id`,
    [businessId, messageId],
  );
}

async function messageRow(businessId: string, id: string) {
  const [r] = await rawQuery<{
    status: string;
    dispatch_attempts: number;
    sent_at: Date | null;
    delivered_at: Date | null;
  }>(
    db(),
    `SELECT status, dispatch_attempts, sent_at, delivered_at FROM messages WHERE business_id = $1 AND id = $2`,
    [businessId, id],
  );
  return r!;
}

describe("status state machine", () => {
  it("moves forward only; duplicates, late and out-of-order events are absorbed and recorded", async () => {
    process.env.SIMULATOR_MESSAGE_DELAYS = "3600,3600,3600"; // keep the simulator out of the way
    resetEnv();
    try {
      const t = await createTestBusiness();
      const tpl = await approvedTemplate(t.business.id);
      const { messageId } = await sendOne(t, "919900000001", tpl.name);
      await drainAll();
      expect((await messageRow(t.business.id, messageId)).status).toBe("accepted");
      const at = (s: number) => new Date(1_800_000_000_000 + s * 1000);
      const ev = (status: "sent" | "delivered" | "read" | "failed", s: number) => ({
        businessId: t.business.id,
        messageId,
        status,
        at: at(s),
        source: "test",
      });
      // Read arrives first: sent and delivered are implied at its time.
      expect(await applyStatusEvents(ctx, [ev("read", 10)])).toMatchObject({ applied: 1, absorbed: 0 });
      // Then the late delivered, a duplicate read, and a failure after delivery.
      expect(
        await applyStatusEvents(ctx, [ev("delivered", 5), ev("read", 11), ev("failed", 12)]),
      ).toMatchObject({
        applied: 0,
        absorbed: 3,
      });
      const row = await messageRow(t.business.id, messageId);
      expect(row.status).toBe("read");
      expect(row.sent_at!.getTime()).toBe(at(10).getTime());
      const evs = (await events(t.business.id, messageId)).filter((e) => e.source === "test");
      // The applied read is the message's read_at, not a row; everything else is written.
      expect(evs.map((e) => `${e.status}:${e.outcome}`).sort()).toEqual(
        ["sent:implied", "delivered:implied", "delivered:late", "read:duplicate", "failed:late"].sort(),
      );
      // The message page shows it all, the read from the stamp, at the event's time.
      const timeline = (await getMessageTimeline(ctx, t.business.id, messageId)).events.filter(
        (e) => e.source !== "simulator" && e.source !== "dispatch",
      );
      expect(timeline.map((e) => `${e.status}:${e.outcome}`).sort()).toEqual(
        [
          "read:applied",
          "sent:implied",
          "delivered:implied",
          "delivered:late",
          "read:duplicate",
          "failed:late",
        ].sort(),
      );
      expect(timeline.find((e) => e.outcome === "applied")).toMatchObject({
        source: null,
        receivedAt: null,
        occurredAt: at(10),
      });
      // Unknown messages are ignored, not errors.
      expect(
        await applyStatusEvents(ctx, [
          { ...ev("sent", 1), messageId: "0193b6f2-8c1a-7cde-9f00-1234567890ab" },
        ]),
      ).toMatchObject({ unknown: 1 });
    } finally {
      process.env.SIMULATOR_MESSAGE_DELAYS = "0,0,0";
      resetEnv();
    }
  });

  it("treats failed as terminal and sorts a batch by status", async () => {
    process.env.SIMULATOR_MESSAGE_DELAYS = "3600,3600,3600";
    resetEnv();
    try {
      const t = await createTestBusiness();
      const tpl = await approvedTemplate(t.business.id);
      const a = await sendOne(t, "919900000001", tpl.name);
      const b = await sendOne(t, "919900000011", tpl.name);
      await drainAll();
      const e = (messageId: string, status: "sent" | "delivered" | "read" | "failed", s: number) => ({
        businessId: t.business.id,
        messageId,
        status,
        at: new Date(1_800_000_000_000 + s * 1000),
        source: "test",
        errorCode: status === "failed" ? "131026" : undefined,
      });
      await applyStatusEvents(ctx, [
        e(a.messageId, "failed", 1),
        e(a.messageId, "sent", 2),
        e(b.messageId, "delivered", 3),
        e(b.messageId, "sent", 2),
      ]);
      expect((await messageRow(t.business.id, a.messageId)).status).toBe("failed");
      const rb = await messageRow(t.business.id, b.messageId);
      expect(rb.status).toBe("delivered");
      expect(rb.sent_at!.getTime()).toBe(1_800_000_002_000);
      // Terminal: nothing moves a failed message any more.
      expect(await applyStatusEvents(ctx, [e(a.messageId, "read", 9)])).toMatchObject({
        applied: 0,
        absorbed: 1,
      });
      expect((await messageRow(t.business.id, a.messageId)).status).toBe("failed");
      // The sent step is its stamp; the failure (with its code) and the absorbed read are rows.
      expect(
        (await events(t.business.id, a.messageId))
          .filter((x) => x.source === "test")
          .map((x) => `${x.status}:${x.outcome}`),
      ).toEqual(["failed:applied", "read:after_final"]);
    } finally {
      process.env.SIMULATOR_MESSAGE_DELAYS = "0,0,0";
      resetEnv();
    }
  });
});

describe("dispatch", () => {
  it("backs off on a provider throttle (130429) instead of failing, and retries transient errors", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const throttled = await sendOne(t, "919900000429", tpl.name);
    const transient = await sendOne(t, "919900000500", tpl.name);
    await drainAll();
    await sleep(1_300);
    await drainAll();
    const r1 = await messageRow(t.business.id, throttled.messageId);
    expect(r1.status).toBe("read");
    expect(r1.dispatch_attempts).toBe(1); // the back-off happened inside the job
    const r2 = await messageRow(t.business.id, transient.messageId);
    expect(r2.status).toBe("read");
    expect(r2.dispatch_attempts).toBe(2);
  });
});

describe("virtual phone", () => {
  it("shows what a number received and marks it read or failed through the status path", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const rx = await startReceiver();
    const { secret } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    const a = await sendOne(t, "919900000002", tpl.name); // stops at delivered
    const b = await sendOne(t, "919900000003", tpl.name); // stops at sent
    await drainAll();
    const inbox = await listSimulatorInbox(ctx, { businessId: t.business.id, phone: "+919900000002" });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      messageId: a.messageId,
      status: "delivered",
      actionable: true,
      channel: "chatapp",
    });
    expect(inbox[0]!.preview.text).toBe("Hello A, your order B has shipped.");
    expect(
      await simulateRecipientAction(ctx, {
        businessId: t.business.id,
        messageId: a.messageId,
        action: "read",
      }),
    ).toEqual({
      status: "read",
      applied: true,
    });
    expect(
      await simulateRecipientAction(ctx, {
        businessId: t.business.id,
        messageId: b.messageId,
        action: "fail",
      }),
    ).toEqual({
      status: "failed",
      applied: true,
    });
    // Another business cannot act on it.
    const other = await createTestBusiness();
    await expect(
      simulateRecipientAction(ctx, { businessId: other.business.id, messageId: a.messageId, action: "read" }),
    ).rejects.toThrow(/not found/);
    await drainAll();
    const bodies = rx.received.map((r) => JSON.parse(r.body));
    expect(bodies.filter((x) => x.messageId === a.messageId).map((x) => x.status)).toEqual(
      expect.arrayContaining(["sent", "delivered", "read"]),
    );
    const failed = bodies.find((x) => x.messageId === b.messageId && x.status === "failed");
    expect(failed).toMatchObject({
      errorCode: 131026,
      failureReason: "Message undeliverable",
      subscriberId: "919900000003",
    });
    expect(typeof failed.failedAt).toBe("number");
    for (const r of rx.received) {
      expect(
        verify(
          secret,
          {
            id: String(r.headers["webhook-id"]),
            timestamp: String(r.headers["webhook-timestamp"]),
            signature: String(r.headers["webhook-signature"]),
          },
          r.body,
        ),
      ).toBe(true);
    }
    await rx.close();
  });
});

describe("callbacks when the receiver is down for a while", () => {
  beforeAll(() => {
    process.env.CALLBACK_RETRY_SCHEDULE = "0,1,1,1,1,1";
    resetEnv();
  });
  afterAll(() => {
    delete process.env.CALLBACK_RETRY_SCHEDULE;
    resetEnv();
  });

  it("gets every status event at least once, signed, once it is back", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const rx = await startReceiver();
    const { secret } = await createEndpoint(ctx, t.business.id, { url: rx.url });
    await rx.down();
    const subs = Array.from({ length: 40 }, (_, i) => ({
      subscriberId: `9199000${String(10100 + i)}`,
      variables: ["x", "y"],
    }));
    await sendBulkMessages(ctx, t.business.id, {
      message: {
        messageType: "template",
        name: tpl.name,
        language: "en_US",
        components: [
          {
            componentType: "body",
            parameters: [
              { type: "text", text: "1" },
              { type: "text", text: "2" },
            ],
          },
        ],
      },
      subscribers: subs,
      phoneNumberId: phoneOf(t),
    });
    await drainAll(); // dispatch, statuses, first (failing) attempts
    await sleep(1_100);
    await drainAll(); // second attempts fail too
    await rx.up();
    const deadline = Date.now() + 20_000;
    const want = subs.length * 3;
    const seen = () =>
      new Set(
        rx.received.map((r) => {
          const b = JSON.parse(r.body);
          return `${b.messageId}:${b.status}`;
        }),
      );
    while (seen().size < want && Date.now() < deadline) {
      await sleep(500);
      await drainAll();
    }
    expect(seen().size).toBe(want);
    for (const r of rx.received) {
      expect(
        verify(
          secret,
          {
            id: String(r.headers["webhook-id"]),
            timestamp: String(r.headers["webhook-timestamp"]),
            signature: String(r.headers["webhook-signature"]),
          },
          r.body,
        ),
      ).toBe(true);
    }
    const [att] = await rawQuery<{ failed: number }>(
      db(),
      `SELECT count(*) FILTER (WHERE a->'responseStatus' = 'null'::jsonb)::int AS failed
       FROM callback_deliveries, jsonb_array_elements(attempt_log) AS a WHERE business_id = $1`,
      [t.business.id],
    );
    expect(att!.failed).toBeGreaterThanOrEqual(want); // the outage is in the attempt log
    await rx.close();
  });
});
