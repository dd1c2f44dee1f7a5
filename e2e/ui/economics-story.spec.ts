import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { launchPromotion, type ApiCreds } from "./campaign-page-helpers";
import { apiKeyFor, approvedTemplate, chatappSender, signIn } from "./helpers";

// Issue 37's story (docs/economics.md): a campaign with two variants and a 10% holdout goes to
// 1,000 simulator numbers; customers tap its tracked URL button (on the virtual phone, and as
// their phones' GETs of the link), WhatsApp's link preview and a crawler fetch links too and
// are not clicks; conversions come in through the conversion API inside and outside the
// attribution window, one twice; the campaign page shows clicks, conversions, revenue, cost
// and each variant's lift over the holdout with its 95% interval, computed here from what the
// test did; E3 and E4 still carry the spec's fields and the documented extra ones.

const PHONE_BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const WHATSAPP_PREVIEW = "WhatsApp/2.23.20.0 A";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Where the e2e server's tracked links point (no PUBLIC_BASE_URL: http://localhost:PORT). */
const LINK_BASE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
/** The standard normal quantile of 0.975 the report uses (docs/economics.md, "Lift"). */
const Z = 1.95996;
/** India's marketing rate on the shipped card (lib/economics/cost/meta-whatsapp-2025-07-01.json). */
const INDIA_MARKETING_USD = 0.0107;

const E3_SPEC_COLUMNS = [
  "Name",
  "Phone",
  "Status",
  "Timestamp",
  "Error",
  "FlowId",
  "FlowName",
  "RetryCount",
  "TemplateName",
  "Language",
];
const E4_COUNTERS = ["attempted", "failed", "sent", "delivered", "read", "interacted", "optout"];

const n = (v: number) => v.toLocaleString("en-US");
const pct = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
const money = (value: number, currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: value < 1 ? 4 : 2,
  }).format(value);
const signed = (points: number) => {
  const s = (Math.round(points * 10) / 10).toFixed(1);
  return s === "0.0" || s === "-0.0" ? "0.0" : points > 0 ? `+${s}` : s;
};

/** The verdict the report states for `events` of `size` against the holdout's (Wald interval). */
function expectedVerdict(
  name: string,
  v: { events: number; size: number },
  h: { events: number; size: number },
) {
  const [p1, p2] = [v.events / v.size, h.events / h.size];
  const se = Math.sqrt((p1 * (1 - p1)) / v.size + (p2 * (1 - p2)) / h.size);
  const [d, low, high] = [p1 - p2, p1 - p2 - Z * se, p1 - p2 + Z * se].map((x) => x * 100) as [
    number,
    number,
    number,
  ];
  const outcome = low > 0 ? "better" : high < 0 ? "worse" : "no clear difference";
  return {
    text: `variant ${name}: ${signed(d)} points of conversion vs the holdout, 95% CI ${signed(low)} to ${signed(high)}: ${outcome}`,
    significant: low > 0 || high < 0,
  };
}

/** An approved MARKETING template whose URL button is tracked: `<link base>/l/{{1}}`. */
const shopTemplate = (request: APIRequestContext, creds: ApiCreds, prefix: string, body: string) =>
  approvedTemplate(request, creds.businessId, creds.key, {
    prefix,
    category: "MARKETING",
    components: [
      { type: "BODY", text: body, example: { body_text: [["Asha"]] } },
      {
        type: "BUTTONS",
        buttons: [
          { type: "URL", text: "Shop", url: `${LINK_BASE}/l/{{1}}`, example: ["https://shop.example/p/1"] },
        ],
      },
    ],
  });

/** E1's template for a shop template: the name from the list, the button's URL from its `url`. */
const shopMessage = (name: string) => ({
  name,
  language: "en_US",
  components: [
    { type: "BODY", variables: [{ type: "text", value: "${name}" }] },
    { type: "BUTTON", sub_type: "url", index: 0, variables: [{ type: "text", value: "${url}" }] },
  ],
});

/** A CSV line's cells (E3 quotes its timestamps, which hold a comma). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** The tracked link of `phone`'s campaign message, as its virtual phone shows the Shop button. */
async function trackedLinkOf(page: Page, phone: string): Promise<string> {
  const html = await (await page.request.get(`/virtual-phone?number=${phone}`)).text();
  const found = html.match(/Opens (http:\/\/localhost:\d+\/l\/[A-Za-z0-9_-]{20})/);
  expect(found, `a tracked Shop link on ${phone}'s phone`).not.toBeNull();
  return found![1]!;
}

/** Polls E4 until the campaign has sent to `attempted` recipients, all read. */
async function waitSent(request: APIRequestContext, creds: ApiCreds, id: string, attempted: number) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v2/promotion/${creds.businessId}/${id}/stats`, {
          headers: { "x-api-key": creds.key },
        });
        const s = (await res.json()) as { attempted: number; read: number };
        return [s.attempted, s.read];
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toEqual([attempted, attempted]);
}

test("economics: a two-variant campaign with a holdout, tracked clicks without previews, conversions in and out of the window, lift with its interval, E3/E4", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN);
  const creds = await apiKeyFor(page);
  const headers = { "x-api-key": creds.key };
  const [a, b, phoneNumberId] = await Promise.all([
    shopTemplate(page.request, creds, "shop_a", "Hi {{1}}, our new collection is in."),
    shopTemplate(page.request, creds, "shop_b", "Hi {{1}}, 20% off the new collection today."),
    chatappSender(page.request, creds.businessId, creds.key),
  ]);

  // 1. 1,000 numbers (tail 0001: the simulator delivers and reads each), each its own product page.
  const run = String(Date.now() % 100).padStart(2, "0");
  // National numbers starting 6 (and 7 for the flash sale's): no other spec sends to these.
  const phones = Array.from({ length: 1000 }, (_, i) => `916${run}${String(i).padStart(3, "0")}0001`);
  const csv = `phone,name,url\n${phones.map((p, i) => `${p},Customer ${i},https://shop.example/p/${i}`).join("\n")}\n`;
  const id = await launchPromotion(page.request, creds, { name: a.name, phoneNumberId }, csv, {
    template: shopMessage(a.name),
    attributionWindow: 168,
    abTest: {
      variants: [
        { name: "A", template: shopMessage(a.name) },
        { name: "B", template: shopMessage(b.name) },
      ],
      holdoutPercent: 10,
      seed: 37,
    },
  });
  await waitSent(page.request, creds, id, 900);

  // Who is in which arm: E3's rows (the holdout's Status is "holdout", a variant's row names its template).
  const e3 = await page.request.get(`/api/v2/promotion/${creds.businessId}/statistics/${id}/report`, {
    headers,
  });
  expect(e3.status()).toBe(200);
  const [header, ...rows] = (await e3.text()).trim().split("\r\n").map(cells);
  expect(header).toEqual([...E3_SPEC_COLUMNS, "Clicks"]);
  expect(rows).toHaveLength(1000);
  const col = (name: string) => header!.indexOf(name);
  const arm = (pred: (r: string[]) => boolean) => rows.filter(pred).map((r) => r[col("Phone")]!);
  const holdout = arm((r) => r[col("Status")] === "holdout");
  const armA = arm((r) => r[col("TemplateName")] === a.name);
  const armB = arm((r) => r[col("TemplateName")] === b.name);
  expect([holdout.length, armA.length, armB.length]).toEqual([100, 450, 450]);

  // 2. Clicks. Three customers tap Shop on their virtual phones: the server requests the link as a phone.
  const tappers = [armA[0]!, armA[1]!, armB[0]!];
  for (const phone of tappers) {
    await page.goto(`/virtual-phone?number=${phone}`);
    const screen = page.getByRole("region", { name: `Virtual phone +${phone}` });
    await screen
      .getByRole("article", { name: /^Message / })
      .first()
      .getByRole("button", { name: "Shop (link)" })
      .click();
    await expect(page.getByText("Link opened: Shop")).toBeVisible();
    await expect(
      page.getByText(`Tracked click; the link leads to https://shop.example/p/${phones.indexOf(phone)}`),
    ).toBeVisible();
  }
  // Twelve more follow their links from their phones' browsers, four of them twice; WhatsApp's
  // preview fetcher and a crawler fetch six and three of those links: answered, not clicks.
  const followers = [...armA.slice(2, 8), ...armB.slice(1, 7)];
  const links = await Promise.all(followers.map((p) => trackedLinkOf(page, p)));
  const get = (url: string, ua: string) =>
    page.request.get(url.replace(LINK_BASE, ""), { headers: { "user-agent": ua }, maxRedirects: 0 });
  const followed = await Promise.all([
    ...links.map((l) => get(l, PHONE_BROWSER)),
    ...links.slice(0, 4).map((l) => get(l, PHONE_BROWSER)),
    ...links.slice(0, 6).map((l) => get(l, WHATSAPP_PREVIEW)),
    ...links.slice(6, 9).map((l) => get(l, CRAWLER)),
  ]);
  for (const res of followed) expect(res.status()).toBe(302);
  expect(followed[0]!.headers().location).toBe(`https://shop.example/p/${phones.indexOf(followers[0]!)}`);
  const clickers = new Set([...tappers, ...followers]);
  const expected = { clicks: 3 + 12 + 4, uniqueClickers: clickers.size, previews: 6, bots: 3 };
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v3/promotion/${creds.businessId}/${id}/clicks`, { headers });
        const c = (await res.json()) as typeof expected;
        return { clicks: c.clicks, uniqueClickers: c.uniqueClickers, previews: c.previews, bots: c.bots };
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toEqual(expected);

  // 3. Conversions: 9 of A's recipients (500 INR each), 45 of B's (300 INR), 1 of the holdout's
  // (never sent: unattributed, yet the holdout's conversion in the window).
  const post = (data: Record<string, unknown>) =>
    page.request.post(`/api/v3/conversions/${creds.businessId}`, { headers, data });
  const order = (phone: string, value: number) => ({
    eventId: `order-${id}-${phone}`,
    event: "purchase",
    phone,
    value,
    currency: "INR",
  });
  const buyers = [
    ...armA.slice(0, 9).map((p) => order(p, 500)),
    ...armB.slice(0, 45).map((p) => order(p, 300)),
    order(holdout[0]!, 500),
  ];
  const stored = await Promise.all(buyers.map(post));
  for (const res of stored) expect(res.status()).toBe(201);
  const answers = (await Promise.all(stored.map((r) => r.json()))) as Array<{
    conversion: { id: string; campaignId: string | null; attribution: string };
  }>;
  expect(answers.slice(0, 54).every((x) => x.conversion.campaignId === id)).toBe(true);
  expect(answers[54]!.conversion).toMatchObject({ campaignId: null, attribution: "none" });
  // The same event id again: the stored conversion, counted once.
  const again = await post(buyers[9]!);
  expect(again.status()).toBe(200);
  expect(((await again.json()) as (typeof answers)[number]).conversion.id).toBe(answers[9]!.conversion.id);
  // Before the campaign's message went out (two days ago): outside its window, unattributed.
  const early = await post({ ...order(armA[20]!, 900), occurredAt: Date.now() - 2 * 86_400_000 });
  expect(early.status()).toBe(201);
  expect(((await early.json()) as (typeof answers)[number]).conversion).toMatchObject({
    campaignId: null,
    attribution: "none",
  });
  // Past the window: a flash sale whose window is 0 hours, then a purchase after it.
  const late = `917${run}9990001`; // not one of the 1,000
  const flash = await launchPromotion(
    page.request,
    creds,
    { name: a.name, phoneNumberId },
    `phone,name,url\n${late},Late,https://shop.example/flash\n`,
    { template: shopMessage(a.name), attributionWindow: 0 },
  );
  await waitSent(page.request, creds, flash, 1);
  const past = await post(order(late, 700));
  expect(past.status()).toBe(201);
  expect(((await past.json()) as (typeof answers)[number]).conversion).toMatchObject({
    campaignId: null,
    attribution: "none",
  });

  const earned = await page.request.get(`/api/v3/conversions/${creds.businessId}/campaigns/${id}`, {
    headers,
  });
  expect(await earned.json()).toMatchObject({
    campaignId: id,
    attributionWindowHours: 168,
    messagesSent: 900,
    conversions: 54,
    converters: 54,
    revenue: [{ currency: "INR", value: 9 * 500 + 45 * 300, perMessageSent: 20 }],
  });

  // 4. The campaign page: clicks, conversions, revenue, cost, and the lift with its interval.
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByTestId("kpi-unique-clickers")).toHaveText(n(expected.uniqueClickers));
  await expect(page.getByTestId("kpi-clicks")).toHaveText(n(expected.clicks));
  await expect(page.getByTestId("kpi-click-rate")).toHaveText(pct(expected.uniqueClickers / 900));
  await expect(page.getByTestId("kpi-previews-bots")).toHaveText(n(expected.previews + expected.bots));
  await expect(page.getByTestId("kpi-conversions")).toHaveText("54");
  await expect(page.getByTestId("kpi-conversion-rate")).toHaveText(pct(54 / 900));
  await expect(page.getByTestId("kpi-revenue-INR")).toHaveText(money(18_000, "INR"));
  await expect(page.getByTestId("kpi-revenue-per-message-INR")).toHaveText(money(20, "INR"));
  await expect(page.getByTestId("kpi-cost")).toHaveText(money(900 * INDIA_MARKETING_USD, "USD"));

  // Each arm's cells: recipients, then delivered, read, replied (the taps), clicked, converted.
  const share = (count: number, size: number) => `${n(count)} (${pct(count / size)})`;
  const armCells = (arm: string[], converted: number) => [
    n(arm.length),
    share(arm.length, arm.length),
    share(arm.length, arm.length),
    share(tappers.filter((p) => arm.includes(p)).length, arm.length),
    share(arm.filter((p) => clickers.has(p)).length, arm.length),
    share(converted, arm.length),
  ];
  await expect(page.getByTestId("arm-A").getByRole("cell")).toHaveText(armCells(armA, 9));
  await expect(page.getByTestId("arm-B").getByRole("cell")).toHaveText(armCells(armB, 45));
  // The holdout was sent nothing: only its conversions in the window are shown.
  await expect(page.getByTestId("arm-holdout").getByRole("cell")).toHaveText([
    "100",
    "—",
    "—",
    "—",
    "—",
    share(1, 100),
  ]);
  const liftA = expectedVerdict("A", { events: 9, size: 450 }, { events: 1, size: 100 });
  const liftB = expectedVerdict("B", { events: 45, size: 450 }, { events: 1, size: 100 });
  expect([liftA.significant, liftB.significant]).toEqual([false, true]);
  await expect(page.getByTestId("lift-A")).toHaveText(`Not significant${liftA.text}`);
  await expect(page.getByTestId("lift-B")).toHaveText(`Significant${liftB.text}`);

  // 5. E4 keeps the spec's seven counters and statsReport, with the holdout and cost beside them.
  const e4 = (await (
    await page.request.get(`/api/v2/promotion/${creds.businessId}/${id}/stats`, { headers })
  ).json()) as Record<string, unknown> & {
    statsReport: Array<Record<string, unknown>>;
    cost: Record<string, unknown>;
  };
  for (const k of [...E4_COUNTERS, "statsReport"]) expect(e4, k).toHaveProperty(k);
  for (const k of [...E4_COUNTERS, "promotionRetryNumber"]) expect(e4.statsReport[0], k).toHaveProperty(k);
  expect(e4).toMatchObject({ attempted: 900, read: 900, optout: 0, interacted: 3, holdout: 100 });
  expect(Object.keys(e4.cost).sort()).toEqual([
    "amount",
    "category",
    "currency",
    "deliveredMessages",
    "rateCard",
  ]);
  expect(e4.cost).toMatchObject({ currency: "USD", category: "marketing", deliveredMessages: 900 });
  expect(e4.cost.amount as number).toBeCloseTo(900 * INDIA_MARKETING_USD, 6);
  // E3 again: the spec's columns, then Clicks, each recipient's human clicks.
  const report = (
    await (
      await page.request.get(`/api/v2/promotion/${creds.businessId}/statistics/${id}/report`, { headers })
    ).text()
  )
    .trim()
    .split("\r\n")
    .map(cells);
  expect(report[0]).toEqual([...E3_SPEC_COLUMNS, "Clicks"]);
  expect(report.slice(1).reduce((sum, r) => sum + Number(r[col("Clicks")]), 0)).toBe(expected.clicks);

  await page.goto(`/campaigns/${id}`);
  await expect(page.getByTestId("lift-B")).toBeVisible();
  // The charts draw (animated) again after each resize: a longer settle shows them drawn.
  await checkAtBothWidths(page, "economics-story", { settle: 1_500 });
});
