import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { applyStatusEvents } from "@/lib/messages/status/apply-status-events";
import type { Click } from "@/lib/economics/links/click-queue";
import { getCampaignClicks } from "@/lib/economics/links/get-campaign-clicks";
import { writeClicks } from "@/lib/economics/links/write-clicks";
import { loadCampaignPage } from "@/lib/promotions/dashboard/load-campaign-page";
import { api } from "@/test/api";
import { customerWrites } from "@/test/conversations";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { launchWithFile } from "@/test/promotion-uploads";
import { armCountersRecount, recountArmCounters } from "@/test/recount-arm-counters";
import { backdateStart, finalStatus, numbers, runUntil } from "@/test/promotions";
import { NO_ARM, REST_ARM } from "./arm-deal";
import { sendDueWinners } from "./send-winner";
import { variantsReport } from "./variants-report";

const HOUR = 3_600_000;
type Numbers = {
  recipients: number;
  delivered: number;
  read: number;
  replied: number;
  clicked: number;
  clicks: number;
  previews: number;
  bots: number;
  links: number;
  linked: number;
  converted: number;
  conversions: number;
  revenue: Record<string, number>;
};
type Hour = { hour: number; clicks: number; clickers: number; previews: number; bots: number };

/**
 * The oracle: every arm's numbers recounted in the test from the campaign's rows, by the
 * definitions of docs/economics.md (the report's before the counters): recipients by arm, their
 * states and replies; links and clicks by the number's arm (NO_ARM for a number in none);
 * conversions credited to a variant by attribution, to the holdout by number and window.
 */
async function recount(businessId: string, promotionId: string) {
  const [p] = await rawQuery<{ start_time: Date | null; attribution_window: number }>(
    db(),
    `SELECT start_time, attribution_window FROM promotions WHERE id = $1`,
    [promotionId],
  );
  const recipients = await rawQuery<{
    seq: string;
    phone: string;
    arm: number | null;
    state: string;
    interacted: boolean;
  }>(
    db(),
    `SELECT seq::text, phone, arm, state, interacted FROM promotion_recipients WHERE promotion_id = $1`,
    [promotionId],
  );
  const links = await rawQuery<{ phone: string }>(
    db(),
    `SELECT phone FROM tracked_links WHERE business_id = $1 AND promotion_id = $2`,
    [businessId, promotionId],
  );
  const clicks = await rawQuery<{ phone: string; agent_class: string; clicked_at: Date }>(
    db(),
    `SELECT phone, agent_class, clicked_at FROM link_clicks WHERE business_id = $1 AND promotion_id = $2`,
    [businessId, promotionId],
  );
  const conversions = await rawQuery<{
    phone: string | null;
    promotion_id: string | null;
    occurred_at: Date;
    value: string | null;
    currency: string | null;
  }>(
    db(),
    `SELECT phone, promotion_id, occurred_at, value, currency FROM conversions WHERE business_id = $1`,
    [businessId],
  );
  const byPhone = new Map(recipients.map((r) => [r.phone, r]));
  const arms = new Map<
    number,
    Numbers & { linkedSet: Set<string>; clickers: Set<string>; converters: Set<string> }
  >();
  const arm = (n: number) => {
    let a = arms.get(n);
    if (!a) {
      a = {
        recipients: 0,
        delivered: 0,
        read: 0,
        replied: 0,
        clicked: 0,
        clicks: 0,
        previews: 0,
        bots: 0,
        links: 0,
        linked: 0,
        converted: 0,
        conversions: 0,
        revenue: {},
        linkedSet: new Set(),
        clickers: new Set(),
        converters: new Set(),
      };
      arms.set(n, a);
    }
    return a;
  };
  const armOf = (phone: string) => byPhone.get(phone)?.arm ?? NO_ARM;
  for (const r of recipients) {
    if (r.arm === null) continue;
    const a = arm(r.arm);
    a.recipients++;
    if (r.state === "delivered" || r.state === "read") a.delivered++;
    if (r.state === "read") a.read++;
    if (r.interacted) a.replied++;
  }
  for (const l of links) {
    const a = arm(armOf(l.phone));
    a.links++;
    a.linkedSet.add(l.phone);
  }
  const hours = new Map<number, Hour & { phones: Set<string> }>();
  for (const k of clicks) {
    const a = arm(armOf(k.phone));
    const at = Math.floor(k.clicked_at.getTime() / HOUR) * (HOUR / 1000);
    const h = hours.get(at) ?? { hour: at, clicks: 0, clickers: 0, previews: 0, bots: 0, phones: new Set() };
    hours.set(at, h);
    if (k.agent_class === "human") {
      a.clicks++;
      a.clickers.add(k.phone);
      h.clicks++;
      h.phones.add(k.phone);
    } else if (k.agent_class === "preview") {
      a.previews++;
      h.previews++;
    } else {
      a.bots++;
      h.bots++;
    }
  }
  for (const v of conversions) {
    const r = v.phone === null ? undefined : byPhone.get(v.phone);
    if (!r || r.arm === null) continue;
    const inWindow =
      p!.start_time !== null &&
      v.occurred_at >= p!.start_time &&
      v.occurred_at.getTime() < p!.start_time.getTime() + p!.attribution_window * HOUR;
    const credited = v.promotion_id === promotionId || (r.arm === 0 && r.state === "holdout" && inWindow);
    if (!credited) continue;
    const a = arm(r.arm);
    a.conversions++;
    a.converters.add(r.seq);
    if (v.currency !== null && v.value !== null)
      a.revenue[v.currency] = (a.revenue[v.currency] ?? 0) + Number(v.value);
  }
  const out: Record<number, Numbers> = {};
  for (const [n, { linkedSet, clickers, converters, ...a }] of arms)
    out[n] = { ...a, linked: linkedSet.size, clicked: clickers.size, converted: converters.size };
  const hourly = [...hours.values()]
    .map(({ phones, ...h }) => ({ ...h, clickers: phones.size }))
    .sort((x, y) => x.hour - y.hour);
  return { arms: out, hourly };
}

/** What the counters hold, in the oracle's shape. */
async function kept(promotionId: string) {
  const rows = await rawQuery<Numbers & { arm: number }>(
    db(),
    `SELECT arm, recipients, delivered, read, replied, clicked, clicks, previews, bots, links, linked, converted,
            conversions, revenue FROM promotion_arm_counters WHERE promotion_id = $1`,
    [promotionId],
  );
  const arms: Record<number, Numbers> = {};
  for (const { arm, revenue, ...r } of rows)
    arms[arm] = {
      ...r,
      revenue: Object.fromEntries(Object.entries(revenue).map(([c, v]) => [c, Number(v)])),
    };
  const hourly = await rawQuery<Hour>(
    db(),
    `SELECT extract(epoch FROM hour)::int AS hour, clicks, clickers, previews, bots FROM promotion_click_hours
     WHERE promotion_id = $1 ORDER BY 1`,
    [promotionId],
  );
  return { arms, hourly };
}

/** A template whose body's second value is a link (tracked at send). */
const linkTemplate = (t: TestBusiness) =>
  approvedTemplate(t.business.id, {
    components: [
      {
        type: "BODY",
        text: "Hi {{1}}, your deal: {{2}}",
        example: { body_text: [["Asha", "https://x.example"]] },
      },
    ],
  });
const tplBody = (name: string) => ({
  name,
  language: "en_US",
  components: [
    {
      type: "BODY",
      variables: [
        { type: "text", value: "${name}" },
        { type: "text", value: "https://shop.example/deal/${order}" },
      ],
    },
  ],
});
const csvOf = (phones: string[]) =>
  `Phone,Name,Order\n${phones.map((p, i) => `${p},Name ${i},O-${i}`).join("\n")}\n`;

describe("A/B arm counters equal a recount of the rows", () => {
  let t: TestBusiness;
  let id: string;
  let later: string;
  let recipients: Array<{
    seq: number;
    phone: string;
    arm: number | null;
    state: string;
    message_id: string | null;
  }>;
  const linkOf = async (phone: string, promotionId = id) => {
    const [l] = await rawQuery<{ code: string; message_id: string }>(
      db(),
      `SELECT code, message_id FROM tracked_links WHERE promotion_id = $1 AND phone = $2 ORDER BY created_at DESC LIMIT 1`,
      [promotionId, phone],
    );
    return l!;
  };
  const click = async (phone: string, agentClass: Click["agentClass"], at = new Date(), promotionId = id) => {
    const l = await linkOf(phone, promotionId);
    return {
      id: uuidv7(),
      businessId: t.business.id,
      code: l.code,
      promotionId,
      phone,
      messageId: l.message_id,
      clickedAt: at,
      agentClass,
      userAgent: agentClass === "human" ? "Mozilla/5.0 (Linux; Android 14)" : "WhatsApp/2.24",
    } satisfies Click;
  };
  const convert = (
    phone: string,
    value: number,
    opts: { eventId?: string; currency?: string; at?: Date } = {},
  ) =>
    api(`/api/v3/conversions/${t.business.id}`, {
      headers: { "x-api-key": t.apiKey },
      json: {
        eventId: opts.eventId ?? uuidv7(),
        event: "purchase",
        phone,
        value,
        currency: opts.currency ?? "INR",
        ...(opts.at ? { occurredAt: opts.at.getTime() } : {}),
      },
    });
  const inArm = (arm: number, state?: string) =>
    recipients.filter((r) => r.arm === arm && (state === undefined || r.state === state));
  const reload = async () => {
    recipients = await rawQuery(
      db(),
      `SELECT seq::int AS seq, phone, arm, state, message_id FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq`,
      [id],
    );
  };
  const same = async (promotionId = id) =>
    expect(await kept(promotionId)).toEqual(await recount(t.business.id, promotionId));

  beforeAll(async () => {
    // 0026 (undeliverable) is made retryable: a retry round sends those numbers new links.
    process.env.PROMOTIONS_RETRYABLE_CODES = "131026";
    process.env.PROMOTIONS_RETRY_DELAY_SECONDS = "0";
    resetEnv();
    t = await createTestBusiness();
    const a = await linkTemplate(t);
    const b = await linkTemplate(t);
    // Read, delivered only, sent only and undeliverable numbers.
    const phones = [
      ...numbers(150, "0001"),
      ...numbers(60, "0002", 1000),
      ...numbers(30, "0003", 2000),
      ...numbers(30, "0026", 3000),
    ];
    const res = await launchWithFile(t, "arms", csvOf(phones), {
      name: "Arm counters",
      channelType: "chatapp",
      phoneNumberId: phoneOf(t),
      retryPromotion: true,
      maxRetries: 1,
      template: tplBody(a.name),
      abTest: {
        variants: [
          { name: "A", template: tplBody(a.name) },
          { name: "B", template: tplBody(b.name) },
        ],
        holdoutPercent: 10,
        seed: 11,
        winner: { testShare: 50, testHours: 1, metric: "clicked" },
      },
    });
    expect(res.status, res.text).toBe(200);
    id = res.json.promotionId as string;
    // Every test arm's message out (a 0003 number stays `sent`).
    await runUntil(async () => {
      const [open] = await rawQuery<{ n: number }>(
        db(),
        `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND arm > 0
           AND state IN ('pending', 'queued')`,
        [id],
      );
      return open!.n === 0;
    });
    await drainAll();
    // The test period is over (the holdout's window starts there too); nothing is counted yet.
    await backdateStart(id, 1);
    await reload();
  }, 120_000);

  afterAll(() => {
    delete process.env.PROMOTIONS_RETRYABLE_CODES;
    delete process.env.PROMOTIONS_RETRY_DELAY_SECONDS;
    resetEnv();
  });

  it("after the send and its statuses: recipients by arm, delivered, read and links", async () => {
    const { arms } = await kept(id);
    expect(arms[0]!.recipients).toBe(27);
    expect(arms[0]!.links).toBe(0);
    expect(arms[1]!.links).toBeGreaterThan(0);
    expect(arms[1]!.read).toBeGreaterThan(0);
    expect(arms[1]!.delivered).toBeGreaterThan(arms[1]!.read);
    expect(arms[REST_ARM]!.recipients).toBeGreaterThan(100);
    await same();
  });

  it("redelivered statuses count once; a late read moves delivered to read", async () => {
    const read = inArm(1, "read")[0]!;
    const delivered = inArm(2, "delivered")[0]!;
    const before = (await kept(id)).arms;
    const event = (messageId: string, status: "delivered" | "read") => ({
      businessId: t.business.id,
      messageId,
      status,
      at: new Date(),
      source: "test",
    });
    for (let i = 0; i < 2; i++)
      await applyStatusEvents(systemCtx("test"), [
        event(read.message_id!, "delivered"),
        event(read.message_id!, "read"),
        event(delivered.message_id!, "read"),
      ]);
    const after = (await kept(id)).arms;
    expect(after[1]!.read).toBe(before[1]!.read);
    expect(after[2]!.read).toBe(before[2]!.read + 1);
    expect(after[2]!.delivered).toBe(before[2]!.delivered);
    await same();
  });

  it("replies count once per recipient; an opt-out reply is not a reply", async () => {
    const [r1, r2] = inArm(1, "read");
    const stop = inArm(2, "read")[1]!;
    await customerWrites(t, r1!.phone, "yes please");
    await customerWrites(t, r1!.phone, "and again");
    await customerWrites(t, r2!.phone, "interested");
    await customerWrites(t, stop.phone, "STOP");
    const { arms } = await kept(id);
    expect(arms[1]!.replied).toBe(2);
    expect(arms[2]!.replied).toBe(0);
    await same();
  });

  it("clicks: humans once per recipient and hour, previews and bots apart, a batch written twice counts once", async () => {
    const [c1, c2] = inArm(1, "read");
    const c3 = inArm(2, "delivered")[1]!;
    // Within one hour, and two hours before it.
    const now = new Date(Math.floor(Date.now() / HOUR) * HOUR + 60_000);
    const earlier = new Date(now.getTime() - 2 * HOUR);
    const batch = [
      await click(c1!.phone, "preview", now),
      await click(c1!.phone, "human", now),
      await click(c1!.phone, "human", now),
      await click(c2!.phone, "human", earlier),
      await click(c3.phone, "bot", now),
    ];
    await writeClicks(batch);
    // The same batch again (its first write's answer lost), then more of the same numbers.
    await writeClicks(batch);
    await writeClicks([await click(c1!.phone, "human", now), await click(c2!.phone, "human", now)]);
    // Two instances writing one number's first clicks at once count one clicker.
    await Promise.all([
      writeClicks([await click(c3.phone, "human", now)]),
      writeClicks([await click(c3.phone, "human", now)]),
    ]);
    const { arms, hourly } = await kept(id);
    expect(arms[1]).toMatchObject({ clicked: 2, clicks: 5, previews: 1 });
    expect(arms[2]).toMatchObject({ clicked: 1, clicks: 2, bots: 1 });
    expect(hourly.map((h) => h.clickers)).toEqual([1, 3]);
    await same();
  });

  it("conversions: attributed, the holdout's in its window only, repeated event ids and concurrent ones", async () => {
    const variant = inArm(1, "read")[0]!;
    const held = inArm(0);
    expect((await convert(variant.phone, 250, { eventId: "order-1" })).status).toBe(201);
    // Redelivered by event id: answered, never counted again.
    expect((await convert(variant.phone, 250, { eventId: "order-1" })).status).toBe(200);
    expect((await convert(variant.phone, 10, { currency: "USD" })).status).toBe(201);
    // The holdout: in the window (from the start) and before it (not the campaign's).
    expect((await convert(held[0]!.phone, 90)).status).toBe(201);
    expect((await convert(held[1]!.phone, 70, { at: new Date(Date.now() - 3 * HOUR) })).status).toBe(201);
    // One holdout number converting twice at once counts one converter.
    const both = await Promise.all([convert(held[2]!.phone, 5), convert(held[2]!.phone, 6)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    // A number in no campaign: unattributed, nobody's.
    expect((await convert("919999000001", 40)).status).toBe(201);
    const { arms } = await kept(id);
    expect(arms[1]).toMatchObject({ converted: 1, conversions: 2, revenue: { INR: 250, USD: 10 } });
    expect(arms[0]).toMatchObject({ converted: 2, conversions: 3, revenue: { INR: 101 } });
    await same();
  });

  it("the winner sent to the rest, a retry round's new links and a later campaign's last touch", async () => {
    expect(await sendDueWinners()).toBe(1);
    await runUntil(finalStatus(id));
    await drainAll();
    await reload();
    const rest = inArm(REST_ARM, "read");
    expect(rest.length).toBeGreaterThan(0);
    // Retried 0026 numbers got links twice, counted once as recipients with links.
    const [retried] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND round = 1`,
      [id],
    );
    expect(retried!.n).toBeGreaterThan(0);
    await writeClicks([await click(rest[0]!.phone, "human"), await click(rest[1]!.phone, "preview")]);
    expect((await convert(rest[0]!.phone, 33)).status).toBe(201);
    // A later campaign (no test) to a variant's number takes its next conversion (last touch).
    const variant = inArm(1, "read")[3]!;
    const tpl = await linkTemplate(t);
    const next = await launchWithFile(t, "later", csvOf([variant.phone, ...numbers(3, "0001", 9000)]), {
      name: "Later",
      channelType: "chatapp",
      phoneNumberId: phoneOf(t),
      template: tplBody(tpl.name),
    });
    expect(next.status, next.text).toBe(200);
    later = next.json.promotionId as string;
    await runUntil(finalStatus(later));
    await drainAll();
    expect((await convert(variant.phone, 500)).status).toBe(201);
    await writeClicks([await click(variant.phone, "human", new Date(), later)]);
    const { arms } = await kept(id);
    expect(arms[1]!.conversions).toBe(2);
    expect(arms[REST_ARM]).toMatchObject({ clicked: 1, previews: 1, converted: 1 });
    expect((await kept(later)).arms[NO_ARM]).toMatchObject({ links: 4, linked: 4, clicked: 1, clicks: 1 });
    await same();
    await same(later);
  });

  it("the variants report, the click report and the campaign page read the counters", async () => {
    const { arms, hourly } = await recount(t.business.id, id);
    const report = await variantsReport(systemCtx("test"), t.business.id, id);
    for (const a of report.arms) {
      const o = arms[a.arm]!;
      expect([a.recipients, a.delivered.count, a.read.count, a.replied.count]).toEqual([
        o.recipients,
        o.delivered,
        o.read,
        o.replied,
      ]);
      expect([a.clicked.count, a.clicks, a.converted.count, a.conversions]).toEqual([
        o.clicked,
        o.clicks,
        o.converted,
        o.conversions,
      ]);
      expect(Object.fromEntries(a.revenue.map((r) => [r.currency, r.value]))).toEqual(o.revenue);
    }
    const all = Object.values(arms);
    const sum = (k: "clicks" | "clicked" | "previews" | "bots" | "links" | "linked") =>
      all.reduce((s, a) => s + a[k], 0);
    const clicks = await getCampaignClicks(systemCtx("test"), t.business.id, id);
    expect(clicks).toMatchObject({
      links: sum("links"),
      recipientsWithLinks: sum("linked"),
      uniqueClickers: sum("clicked"),
      clicks: sum("clicks"),
      previews: sum("previews"),
      bots: sum("bots"),
      hourly: hourly.map((h) => ({
        hour: h.hour,
        clicks: h.clicks,
        uniqueClickers: h.clickers,
        previews: h.previews,
        bots: h.bots,
      })),
    });
    const page = await loadCampaignPage(systemCtx("test"), t.business.id, id, {
      limit: 25,
      offset: 0,
      desc: false,
    });
    expect(page.clicks).toEqual(clicks);
    expect(page.variants!.arms).toEqual(report.arms);
  });

  it("migration 0058's recount of an upgraded install gives the same counters", async () => {
    expect(armCountersRecount()).toHaveLength(4);
    const before = [await kept(id), await kept(later)];
    // This file's database holds only this business's campaigns.
    await rawQuery(db(), `DELETE FROM promotion_arm_counters`, []);
    await rawQuery(db(), `DELETE FROM promotion_click_hours`, []);
    await rawQuery(db(), `UPDATE promotion_recipients SET converted = false WHERE converted`, []);
    await recountArmCounters();
    expect([await kept(id), await kept(later)]).toEqual(before);
  });
});
