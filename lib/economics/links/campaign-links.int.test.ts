import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { api } from "@/test/api";
import { approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { finalStatus, numbers, runUntil } from "@/test/promotions";
import { launchWithFile } from "@/test/promotion-uploads";
import { batchBody, c1, c2 } from "@/test/promotions-rcs";
import { runDuePromotions } from "@/lib/promotions/engine/run-due-promotions";
import { drainQueues } from "@/lib/jobs/drain-queues";
import { clickQueue } from "./click-recorder";
import { linkBaseUrl } from "./link-base";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** A template approved with its URL button on our host (`<base>/l/{{1}}`) and a body with a link variable. */
async function trackedTemplate(t: TestBusiness) {
  return approvedTemplate(t.business.id, {
    components: [
      {
        type: "BODY",
        text: "Hi {{1}}, your deal: {{2}}",
        example: { body_text: [["Asha", "https://x.example"]] },
      },
      {
        type: "BUTTONS",
        buttons: [
          { type: "URL", text: "Open", url: `${linkBaseUrl()}/l/{{1}}`, example: ["https://x.example"] },
        ],
      },
    ],
  });
}

const launchBody = (template: string, phoneNumberId: string, trackClicks?: boolean) => ({
  name: `Clicks ${Math.random().toString(36).slice(2, 8)}`,
  channelType: "chatapp",
  phoneNumberId,
  ...(trackClicks === undefined ? {} : { trackClicks }),
  template: {
    name: template,
    language: "en_US",
    components: [
      {
        type: "BODY",
        variables: [
          { type: "text", value: "${name}" },
          { type: "text", value: "https://shop.example/deal/${order}?src=wa" },
        ],
      },
      { type: "BUTTON", sub_type: "url", index: 0, variables: [{ type: "text", value: "${url}" }] },
    ],
  },
});

const csvOf = (phones: string[]) =>
  "Phone,Name,Order,Url\n" +
  phones.map((p, i) => `${p},Name ${i},O-${i},https://shop.example/p/${i}#top`).join("\n");

type Sent = {
  recipient: string;
  content: { components: Array<{ type: string; parameters: Array<{ text: string }> }> };
};
const sentMessages = (businessId: string, promotionId: string) =>
  rawQuery<Sent>(
    db(),
    `SELECT recipient, content FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY recipient`,
    [businessId, promotionId],
  );

describe("a campaign's send makes each recipient's links tracked links", () => {
  it("gives every recipient its own codes for the body's link and the URL button, and they redirect", async () => {
    const t = await createTestBusiness();
    const tpl = await trackedTemplate(t);
    const phones = numbers(3);
    const launched = await launchWithFile(t, "clicks", csvOf(phones), launchBody(tpl.name, phoneOf(t)));
    expect(launched.status, launched.text).toBe(200);
    expect(launched.json.trackClicks).toBe(true);
    const id = launched.json.promotionId as string;
    await runUntil(finalStatus(id));
    await drainAll();

    const links = await rawQuery<{
      code: string;
      seq: number;
      phone: string;
      url: string;
      message_id: string;
    }>(
      db(),
      `SELECT code, seq::int AS seq, phone, url, message_id FROM tracked_links
       WHERE business_id = $1 AND promotion_id = $2 ORDER BY seq, url`,
      [t.business.id, id],
    );
    expect(links).toHaveLength(6);
    expect(new Set(links.map((l) => l.code)).size).toBe(6);
    for (const l of links) expect(l.code).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(links.map((l) => [l.seq, l.phone, l.url])).toEqual(
      phones.flatMap((p, i) => [
        [i + 1, p, `https://shop.example/deal/O-${i}?src=wa`],
        [i + 1, p, `https://shop.example/p/${i}#top`],
      ]),
    );

    const msgs = await sentMessages(t.business.id, id);
    expect(msgs).toHaveLength(3);
    const base = linkBaseUrl();
    msgs.forEach((m, i) => {
      const mine = links.filter((l) => l.phone === m.recipient);
      const [deal, button] = [
        mine.find((l) => l.url.includes("/deal/"))!,
        mine.find((l) => l.url.includes("/p/"))!,
      ];
      const [body, btn] = m.content.components;
      expect(body!.parameters.map((p) => p.text)).toEqual([`Name ${i}`, `${base}/l/${deal.code}`]);
      // The button's approved base is <base>/l/: its suffix is the code.
      expect(btn!.parameters[0]!.text).toBe(button.code);
    });

    const follow = await api(`/l/${links[1]!.code}?utm_source=wa&x=a%20b`, {
      headers: { "user-agent": IPHONE },
    });
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("https://shop.example/p/0?utm_source=wa&x=a%20b#top");
    expect(await clickQueue().flush()).toBe(true);

    // E3: the recipient's clicks after the spec's columns.
    const report = await api(`/api/v2/promotion/${t.business.id}/statistics/${id}/report`, {
      headers: { "x-api-key": t.apiKey },
    });
    const lines = report.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Name,Phone,Status,Timestamp,Error,FlowId,FlowName,RetryCount,TemplateName,Language,Clicks",
    );
    expect(lines.slice(1).map((l) => l.split(",").at(-1))).toEqual(["1", "0", "0"]);
  });

  it("trackClicks: false sends the links as given and makes no tracked link", async () => {
    const t = await createTestBusiness();
    const tpl = await trackedTemplate(t);
    const launched = await launchWithFile(
      t,
      "plain",
      csvOf(numbers(2)),
      launchBody(tpl.name, phoneOf(t), false),
    );
    expect(launched.status, launched.text).toBe(200);
    expect(launched.json.trackClicks).toBe(false);
    const id = launched.json.promotionId as string;
    await runUntil(finalStatus(id));
    const [n] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM tracked_links WHERE business_id = $1`,
      [t.business.id],
    );
    expect(n!.n).toBe(0);
    const msgs = await sentMessages(t.business.id, id);
    expect(msgs[0]!.content.components[0]!.parameters[1]!.text).toBe("https://shop.example/deal/O-0?src=wa");
    expect(msgs[0]!.content.components[1]!.parameters[0]!.text).toBe("https://shop.example/p/0#top");
  });

  it("an RCS campaign's cards: description links and openUrl suggestions, one code per URL and recipient", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, {
      channel: "rcs",
      rcsCard: {
        richCard: {
          standaloneCard: {
            cardOrientation: "VERTICAL",
            cardContent: {
              title: "Hello {{1}}",
              description: "Your deal: {{2}} (details at https://shop.example/terms).",
              suggestions: [{ action: { text: "Open", openUrlAction: { url: "https://shop.example/rcs" } } }],
            },
          },
        },
      },
    });
    const { promotionId } = (await c1(t, { promotionName: "RCS clicks" })).json;
    const phones = ["919900000021", "919900000022"];
    const batch = await c2(
      t,
      batchBody(
        promotionId,
        tpl.id,
        phones.map((phone, i) => ({ phone, extras: { name: `N${i}`, code: `https://shop.example/c/${i}` } })),
      ),
    );
    expect(batch.status, batch.text).toBe(200);
    const deadline = Date.now() + 30_000;
    let msgs: Array<{ recipient: string; content: { richCard: any } }> = [];
    while (msgs.length < 2 && Date.now() < deadline) {
      await runDuePromotions();
      await drainQueues({ budgetMs: 2_000 });
      msgs = await rawQuery(
        db(),
        `SELECT recipient, content FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY recipient`,
        [t.business.id, promotionId],
      );
    }
    expect(msgs).toHaveLength(2);
    const links = await rawQuery<{ code: string; phone: string; url: string }>(
      db(),
      `SELECT code, phone, url FROM tracked_links WHERE business_id = $1 AND promotion_id = $2 ORDER BY phone, url`,
      [t.business.id, promotionId],
    );
    expect(links.map((l) => [l.phone, l.url])).toEqual(
      phones.flatMap((p, i) => [
        [p, `https://shop.example/c/${i}`],
        [p, "https://shop.example/rcs"],
        [p, "https://shop.example/terms"],
      ]),
    );
    const base = linkBaseUrl();
    msgs.forEach((m) => {
      const mine = new Map(links.filter((l) => l.phone === m.recipient).map((l) => [l.url, l.code]));
      const card = m.content.richCard.standaloneCard.cardContent;
      const i = phones.indexOf(m.recipient);
      expect(card.description).toBe(
        `Your deal: ${base}/l/${mine.get(`https://shop.example/c/${i}`)} (details at ${base}/l/${mine.get("https://shop.example/terms")}).`,
      );
      expect(card.suggestions[0].action.openUrlAction.url).toBe(
        `${base}/l/${mine.get("https://shop.example/rcs")}`,
      );
    });
    // C1 takes trackClicks too.
    const plain = await c1(t, { promotionName: "RCS plain", trackClicks: false });
    expect(plain.status, plain.text).toBe(200);
    const [row] = await rawQuery<{ track_clicks: boolean }>(
      db(),
      `SELECT track_clicks FROM promotions WHERE business_id = $1 AND id = $2`,
      [t.business.id, plain.json.promotionId],
    );
    expect(row!.track_clicks).toBe(false);
  });
});
