import net from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { closeDb, databaseUrl, db, setDatabaseUrl } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { createTestPromotion, numbers } from "@/test/promotions";
import { NO_ARM } from "@/lib/promotions/ab/arm-deal";
import { storeCampaignLinks } from "./campaign-link-tracker";
import { clickQueue } from "./click-recorder";
import { forgetLinks } from "./find-link";
import { newLinkCode } from "./link-code";

// Changes the process's pool (setDatabaseUrl, closeDb): runs in a module graph of its own.

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const WHATSAPP_PREVIEW = "WhatsApp/2.23.20.0 A";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestBusiness;
let promotionId: string;
const phones = numbers(3);

/** A tracked link of the test's promotion for `phone`, written as a campaign send writes it. */
async function link(
  phone: string,
  url = "https://shop.example/p/1?a=1",
  promotion = promotionId,
): Promise<string> {
  const code = newLinkCode();
  const sent = { id: promotion, businessId: t.business.id, currentRound: 0 };
  await storeCampaignLinks(
    systemCtx("test"),
    sent,
    [{ code, seq: 1, phone, messageId: null, url }],
    new Map([[phone, NO_ARM]]),
  );
  return code;
}

const follow = (code: string, ua: string | null, opts: { query?: string; method?: string } = {}) =>
  api(`/l/${code}${opts.query ?? ""}`, {
    method: opts.method ?? "GET",
    headers: ua ? { "user-agent": ua } : {},
  });

const clicks = (promotion = promotionId) =>
  api(`/api/v3/promotion/${t.business.id}/${promotion}/clicks`, { headers: { "x-api-key": t.apiKey } });

beforeAll(async () => {
  t = await createTestBusiness();
  promotionId = (await createTestPromotion(t, { phones, status: "Completed" })).id;
});

afterEach(() => forgetLinks());

describe("GET /l/{code}", () => {
  it("answers 302 to the original URL with the request's query appended intact, without caching", async () => {
    const code = await link(phones[0]!, "https://shop.example/p/1?a=1#details");
    const res = await follow(code, IPHONE, { query: "?utm_source=whatsapp&q=a%2Bb%20c&empty=" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      "https://shop.example/p/1?a=1&utm_source=whatsapp&q=a%2Bb%20c&empty=#details",
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await follow(code, IPHONE)).headers.get("location")).toBe("https://shop.example/p/1?a=1#details");
    // A URL with characters a header cannot carry is sent percent-encoded, never a 500.
    const unicode = await link(phones[0]!, "https://shop.example/café/डील?x=ü");
    const res2 = await follow(unicode, IPHONE, { query: "?y=1" });
    expect(res2.status).toBe(302);
    expect(res2.headers.get("location")).toBe(
      "https://shop.example/caf%C3%A9/%E0%A4%A1%E0%A5%80%E0%A4%B2?x=%C3%BC&y=1",
    );
  });

  it("answers 404 in plain text for an unknown code and for anything not shaped like a code", async () => {
    for (const code of [newLinkCode(), "nope", "x".repeat(21), "a".repeat(19) + "%2F", "..%2F..%2Fetc"]) {
      const res = await follow(code, IPHONE);
      expect(res.status, code).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(res.text).toBe("This link does not exist.");
    }
    // Text PostgreSQL cannot store is the API's 400 (rejectUnstorableText), before any lookup.
    expect((await follow("%00%00", IPHONE)).status).toBe(400);
  });

  it("counts humans as clicks, previews and bots apart, and each recipient once for unique clicks", async () => {
    const own = (await createTestPromotion(t, { phones, status: "Completed" })).id;
    const a = await link(phones[0]!, undefined, own);
    const b = await link(phones[1]!, undefined, own);
    await link(phones[2]!, undefined, own); // never followed
    for (const [code, ua] of [
      [a, WHATSAPP_PREVIEW], // the preview WhatsApp fetches when the message arrives
      [a, IPHONE],
      [a, IPHONE],
      [a, IPHONE],
      [b, "facebookexternalhit/1.1"],
      [b, IPHONE],
      [b, CRAWLER],
      [b, null],
    ] as const)
      expect((await follow(code, ua)).status).toBe(302);
    expect((await follow(b, IPHONE, { method: "HEAD" })).status).toBe(302);
    expect(await clickQueue().flush()).toBe(true);

    const rows = await rawQuery<{ phone: string; agent_class: string; n: number }>(
      db(),
      `SELECT phone, agent_class, count(*)::int AS n FROM link_clicks WHERE business_id = $1 AND promotion_id = $2
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [t.business.id, own],
    );
    expect(rows).toEqual([
      { phone: phones[0], agent_class: "human", n: 3 },
      { phone: phones[0], agent_class: "preview", n: 1 },
      { phone: phones[1], agent_class: "bot", n: 3 },
      { phone: phones[1], agent_class: "human", n: 1 },
      { phone: phones[1], agent_class: "preview", n: 1 },
    ]);
    const res = await clicks(own);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      promotionId: own,
      links: 3,
      recipientsWithLinks: 3,
      uniqueClickers: 2,
      clicks: 4,
      previews: 2,
      bots: 3,
    });
    expect(res.json.clickRate).toBeCloseTo(2 / 3);
    expect(res.json.hourly).toHaveLength(1);
    expect(res.json.hourly[0]).toMatchObject({ clicks: 4, uniqueClickers: 2, previews: 2, bots: 3 });
    expect(res.json.hourly[0].hour % 3600).toBe(0);
  });

  it("another business's key sees none of the campaign's clicks", async () => {
    const other = await createTestBusiness();
    const res = await api(`/api/v3/promotion/${other.business.id}/${promotionId}/clicks`, {
      headers: { "x-api-key": other.apiKey },
    });
    expect(res.status).toBe(404);
  });

  it("keeps redirecting hot links with the database stopped, answers 503 for cold ones, writes the clicks once it is back", async () => {
    const hot = await link(phones[2]!, "https://shop.example/hot");
    const cold = await link(phones[2]!, "https://shop.example/cold");
    expect((await follow(hot, IPHONE)).status).toBe(302); // now in memory
    expect(await clickQueue().flush()).toBe(true);
    const before = (await clicks()).json.clicks as number;

    const url = databaseUrl();
    await closeDb();
    setDatabaseUrl("postgres://nobody:nothing@127.0.0.1:1/stopped"); // nothing listens: refused at once
    try {
      for (let i = 0; i < 5; i++) {
        const res = await follow(hot, IPHONE, { query: `?n=${i}` });
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`https://shop.example/hot?n=${i}`);
      }
      const unavailable = await follow(cold, IPHONE);
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers.get("retry-after")).toBe("5");
      expect(await clickQueue().flush()).toBe(false);
      expect(clickQueue().size).toBe(5);
    } finally {
      await closeDb();
      setDatabaseUrl(url);
    }
    expect(await clickQueue().flush()).toBe(true);
    expect(clickQueue().size).toBe(0);
    expect((await clicks()).json.clicks).toBe(before + 5);
    expect((await follow(cold, IPHONE)).status).toBe(302);
  });

  it("answers a cold lookup 503 within the lookup timeout when the database hangs", async () => {
    const cold = await link(phones[2]!, "https://shop.example/slow");
    // Accepts connections and never answers: a database that hangs.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => void sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const url = databaseUrl();
    await closeDb();
    setDatabaseUrl(`postgres://nobody:nothing@127.0.0.1:${port}/hung`);
    try {
      const started = performance.now();
      const res = await follow(cold, IPHONE);
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
      await closeDb();
      setDatabaseUrl(url);
    }
    expect((await follow(cold, IPHONE)).status).toBe(302);
    expect(await clickQueue().flush()).toBe(true);
  });
});
