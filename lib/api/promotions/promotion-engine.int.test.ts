import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { runDuePromotions } from "@/lib/promotions/engine/run-due-promotions";
import { csvLine } from "@/lib/csv/csv-line";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import {
  createTestPromotion,
  finalStatus,
  numbers,
  promotionRow,
  recipientStates,
  runUntil,
} from "@/test/promotions";

const patch = (t: TestBusiness, id: string, json: unknown, key = t.apiKey, biz = t.business.id) =>
  api(`/api/v2/promotion/${biz}/${id}`, { method: "PATCH", json, headers: { "x-api-key": key } });
const stats = (t: TestBusiness, id: string, key = t.apiKey, biz = t.business.id) =>
  api(`/api/v2/promotion/${biz}/${id}/stats`, { headers: { "x-api-key": key } });
const report = (t: TestBusiness, id: string, key = t.apiKey, biz = t.business.id) =>
  api(`/api/v2/promotion/${biz}/statistics/${id}/report`, { headers: { "x-api-key": key } });

describe("E5 update promotion status", () => {
  it("stop, then resume: every recipient sent exactly once, none skipped", async () => {
    const t = await createTestBusiness();
    const phones = numbers(40);
    const { id } = await createTestPromotion(t, { phones, staggered: { batchSize: 10, batchTimer: 0 } });
    await runDuePromotions();
    const stopped = await patch(t, id, { type: "status", status: "Stopped" });
    expect(stopped.status).toBe(200);
    expect(stopped.json.status).toBe("Stopped");
    expect(stopped.json.promotionId).toBe(id);
    for (let i = 0; i < 3; i++) await runDuePromotions();
    await drainAll();
    expect((await recipientStates(id)).pending).toBe(30); // nothing new while Stopped

    const again = await patch(t, id, { type: "status", status: "Stopped" });
    expect(again.status).toBe(200); // the status it has: no change
    const resumed = await patch(t, id, { type: "status", status: "Active" });
    expect(resumed.status).toBe(200);
    expect(resumed.json.status).toBe("Active");
    await runUntil(finalStatus(id));
    await drainAll();
    const sends = await rawQuery<{ phone: string; n: number }>(
      db(),
      `SELECT r.phone, count(m.id)::int AS n FROM promotion_recipients r
       LEFT JOIN messages m ON m.transaction_id = r.promotion_id AND m.recipient = r.phone
       WHERE r.promotion_id = $1 GROUP BY r.phone`,
      [id],
    );
    expect(sends).toHaveLength(40);
    expect(sends.every((s) => s.n === 1)).toBe(true);
    expect(await recipientStates(id)).toEqual({ read: 40 });
  });

  it("Cancel only in preparation; a final promotion cannot move; bad bodies are 400s", async () => {
    const t = await createTestBusiness();
    const scheduled = await createTestPromotion(t, {
      phones: numbers(3),
      scheduleTime: new Date(Date.now() + 3_600_000),
    });
    const cancelled = await patch(t, scheduled.id, { type: "status", status: "Cancelled" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("Cancelled");
    expect(await recipientStates(scheduled.id)).toEqual({ cancelled: 3 });
    const resume = await patch(t, scheduled.id, { type: "status", status: "Active" });
    expect(resume.status).toBe(400);
    expect(resume.json.error.message).toMatch(/final/);

    const active = await createTestPromotion(t, { phones: numbers(2) });
    const refused = await patch(t, active.id, { type: "status", status: "Cancelled" });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details[0].path).toBe("status");
    expect(refused.json.error.message).toMatch(/preparation phase/);
    expect((await promotionRow(active.id)).status).toBe("Active");

    expect((await patch(t, active.id, { type: "status", status: "Paused" })).status).toBe(400);
    expect((await patch(t, active.id, { type: "name", status: "Stopped" })).status).toBe(400);
    expect((await patch(t, active.id, {})).status).toBe(400);
  });

  it("another business's key or promotion id: 401 / 404, nothing changes", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const { id } = await createTestPromotion(a, {
      phones: numbers(2),
      scheduleTime: new Date(Date.now() + 3_600_000),
    });
    // b's key on a's business path: 401 (as every business-scoped route).
    expect((await patch(a, id, { type: "status", status: "Stopped" }, b.apiKey)).status).toBe(401);
    expect((await stats(a, id, b.apiKey)).status).toBe(401);
    expect((await report(a, id, b.apiKey)).status).toBe(401);
    // a's promotion id under b's own business: unknown there.
    expect((await patch(b, id, { type: "status", status: "Stopped" })).status).toBe(404);
    expect((await stats(b, id)).status).toBe(404);
    expect((await report(b, id)).status).toBe(404);
    expect((await stats(b, "not-a-uuid")).status).toBe(404);
    expect((await patch(a, id, { type: "status", status: "Stopped" }, "sb_bad")).status).toBe(401);
    expect((await promotionRow(id)).status).toBe("Scheduled");
    // ?channel=rcs on a chatapp promotion: not an RCS promotion.
    const rcs = await api(`/api/v2/promotion/${a.business.id}/${id}/stats?channel=rcs`, {
      headers: { "x-api-key": a.apiKey },
    });
    expect(rcs.status).toBe(404);
  });
});

describe("E4 stats and E3 report", () => {
  it("counters equal a count over recipients; interactions and STOP replies count once; the CSV is safe", async () => {
    const t = await createTestBusiness();
    // 0001 read, 0002 delivered only, 0003 sent only, 0047 failed.
    const phones = [
      ...numbers(3, "0001"),
      ...numbers(2, "0002", 10),
      ...numbers(2, "0003", 20),
      ...numbers(1, "0047", 30),
    ];
    const { id, template } = await createTestPromotion(t, {
      phones,
      optedOut: ["919999990001"],
      names: (i) => (i === 0 ? '=HYPERLINK("http://evil")' : i === 1 ? '+1, "quoted"' : `Name ${i}`),
    });
    await runUntil(finalStatus(id));
    await drainAll();
    // Replies: the first number twice (counted once), and a number that got nothing.
    for (const phone of [phones[0]!, phones[0]!, "919812345678"])
      await simulateCustomerReply(systemCtx("test"), {
        businessId: t.business.id,
        phone,
        channel: "chatapp",
        text: "yes",
      });
    // An opt-out reply (twice): one `optout`, not an interaction, and the number is opted out.
    for (const text of ["STOP", " stop "])
      await simulateCustomerReply(systemCtx("test"), {
        businessId: t.business.id,
        phone: phones[2]!,
        channel: "chatapp",
        text,
      });
    const [opted] = await rawQuery(
      db(),
      `SELECT source FROM opt_outs WHERE business_id = $1 AND phone = $2`,
      [t.business.id, phones[2]],
    );
    expect(opted).toEqual({ source: "reply" });

    const res = await stats(t, id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      attempted: 8,
      failed: 1,
      sent: 2,
      delivered: 2,
      read: 3,
      interacted: 1,
      optout: 2,
      statsReport: [
        {
          attempted: 8,
          failed: 1,
          sent: 2,
          delivered: 2,
          read: 3,
          interacted: 1,
          optout: 2,
          promotionRetryNumber: 0,
        },
      ],
      // Not in the spec: the 5 delivered (or read) Indian numbers at the card's marketing rate.
      cost: {
        currency: "USD",
        amount: 0.0535,
        category: "marketing",
        deliveredMessages: 5,
        rateCard: "WhatsApp Business Platform per-message rates (2025-07-01)",
      },
    });
    expect(await recipientStates(id)).toEqual({ read: 3, delivered: 2, sent: 2, failed: 1, optout: 1 });

    const csv = await report(t, id);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csv.text.split("\r\n");
    expect(lines[0]).toBe(
      "Name,Phone,Status,Timestamp,Error,FlowId,FlowName,RetryCount,TemplateName,Language,Clicks",
    );
    expect(lines).toHaveLength(1 + 9 + 1); // header, 9 recipients, trailing empty
    expect(lines[1]).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://evil""\\)",${phones[0]},read,"\\d{1,2} [A-Z][a-z]+ \\d{4}, \\d{2}:\\d{2} [AP]M",,,,0,${template.name},en_US,0$`,
      ),
    );
    expect(lines[2]).toMatch(/^"'\+1, ""quoted""",/);
    expect(lines[8]).toContain(",failed,");
    expect(lines[8]).toContain("Re-engagement message");
    expect(lines[9]).toMatch(/^Name 8,919999990001,optout,/);
  });

  it("the report's bytes are csvLine's over every recipient, across pages (PostgreSQL formats it)", async () => {
    const t = await createTestBusiness();
    await rawQuery(db(), `UPDATE businesses SET time_zone = 'America/New_York' WHERE id = $1`, [
      t.business.id,
    ]);
    const tricky = [
      "=1+1",
      "-2",
      "@x",
      "\ttab",
      "\rcr",
      "a,b",
      'say "hi"',
      "two\nlines",
      "ünïcødé 🙂",
      "",
      "'q",
    ];
    const { id, template } = await createTestPromotion(t, {
      phones: numbers(tricky.length),
      scheduleTime: new Date(Date.now() + 3_600_000),
      names: (i) => tricky[i]!,
    });
    await rawQuery(db(), `UPDATE promotions SET flow_id = '+f,1', flow_name = 'Flow "A"' WHERE id = $1`, [
      id,
    ]);
    // Errors (one NULL name), and enough recipients for more than one page.
    await rawQuery(
      db(),
      `UPDATE promotion_recipients SET error = CASE WHEN seq % 2 = 0 THEN '-err, "x"' END, round = seq % 3,
         name = CASE WHEN seq = 1 THEN NULL ELSE name END WHERE promotion_id = $1`,
      [id],
    );
    await rawQuery(
      db(),
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, name, vars, state, updated_at)
       SELECT $1, 100 + g, $2, (919700000000 + g)::text, 'N' || g, '{}'::jsonb, 'sent',
              '2026-03-08T06:30:00Z'::timestamptz + g * interval '1 second'
       FROM generate_series(1, 20500) g`,
      [id, t.business.id],
    );
    const rows = await rawQuery<{
      name: string | null;
      phone: string;
      state: string;
      at: string;
      error: string | null;
      round: number;
    }>(
      db(),
      `SELECT name, phone, state, error, round,
         to_char(updated_at AT TIME ZONE 'America/New_York', 'FMDD FMMonth YYYY, HH12:MI AM') AS at
       FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq`,
      [id],
    );
    const expected =
      "Name,Phone,Status,Timestamp,Error,FlowId,FlowName,RetryCount,TemplateName,Language,Clicks\r\n" +
      rows
        .map((r) =>
          csvLine([
            r.name,
            r.phone,
            r.state,
            r.at,
            r.error,
            "+f,1",
            'Flow "A"',
            r.round,
            template.name,
            "en_US",
            0,
          ]),
        )
        .join("");
    const csv = await report(t, id);
    expect(csv.text.length).toBe(expected.length);
    expect(csv.text).toBe(expected);
  });

  it("the report's timestamps are in the business's time zone", async () => {
    const t = await createTestBusiness();
    await rawQuery(db(), `UPDATE businesses SET time_zone = 'Asia/Kolkata' WHERE id = $1`, [t.business.id]);
    const { id } = await createTestPromotion(t, {
      phones: numbers(1),
      scheduleTime: new Date(Date.now() + 3_600_000),
    });
    await rawQuery(
      db(),
      `UPDATE promotion_recipients SET updated_at = '2026-11-25T09:45:00Z' WHERE promotion_id = $1`,
      [id],
    );
    const csv = await report(t, id);
    expect(csv.text.split("\r\n")[1]).toContain('"25 November 2026, 03:15 PM"');
  });
});
