import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchWithFile } from "@/test/promotion-uploads";
import { finalStatus, numbers, runUntil } from "@/test/promotions";
import { loadCampaignPage } from "./load-campaign-page";

const csvOf = (phones: string[]) =>
  `Phone,Name,Order\n${phones.map((p, i) => `${p},Name ${i},O-${i}`).join("\n")}\n`;
const query = { limit: 25, offset: 0, desc: false };

/**
 * The campaign page keeps its A/B arms and clicks while their mark has not moved
 * (cachedCampaignReport): every change a user makes happen (a click, a preview, an attributed
 * conversion, a holdout number's conversion) shows on the next load.
 */
describe("campaign page: the kept report follows every click and conversion", () => {
  let t: TestBusiness;
  let id: string;
  let recipients: Array<{ phone: string; arm: number; message_id: string | null }>;
  const page = () => loadCampaignPage(systemCtx("test"), t.business.id, id, query);
  const arm = async (n: number) => (await page()).variants!.arms.find((a) => a.arm === n)!;
  const click = (r: (typeof recipients)[number], agent = "human") =>
    rawQuery(
      db(),
      `INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class)
       VALUES ($1, $2, 'code', $3, $4, $5, now(), $6)`,
      [uuidv7(), t.business.id, id, r.phone, r.message_id, agent],
    );
  const convert = (phone: string, value: number) =>
    api(`/api/v3/conversions/${t.business.id}`, {
      headers: { "x-api-key": t.apiKey },
      json: { eventId: uuidv7(), event: "purchase", phone, value, currency: "INR" },
    });

  beforeAll(async () => {
    t = await createTestBusiness();
    const a = await approvedTemplate(t.business.id);
    const b = await approvedTemplate(t.business.id);
    const res = await launchWithFile(t, "kept", csvOf(numbers(120, "0401")), {
      ...chatappLaunch(a.name, phoneOf(t)),
      abTest: {
        variants: [
          { name: "A", template: chatappLaunch(a.name, "").template },
          { name: "B", template: chatappLaunch(b.name, "").template },
        ],
        holdoutPercent: 10,
        seed: 3,
      },
    });
    expect(res.status).toBe(200);
    id = res.json.promotionId as string;
    await runUntil(finalStatus(id));
    recipients = await rawQuery(
      db(),
      `SELECT phone, arm, message_id FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq`,
      [id],
    );
  });

  it("an unchanged campaign answers the same numbers; a click, a preview and conversions move them", async () => {
    const first = await page();
    expect((await page()).variants!.arms).toEqual(first.variants!.arms);
    const inA = recipients.filter((r) => r.arm === 1);
    const inB = recipients.filter((r) => r.arm === 2);
    const held = recipients.filter((r) => r.arm === 0);
    expect(held.length).toBeGreaterThan(0);

    await click(inA[0]!);
    const clicked = await page();
    expect(clicked.clicks).toMatchObject({ clicks: first.clicks.clicks + 1, uniqueClickers: 1 });
    expect(clicked.variants!.arms.find((x) => x.arm === 1)!.clicked.count).toBe(1);

    await click(inA[0]!, "preview");
    const previewed = await page();
    expect(previewed.clicks).toMatchObject({ clicks: 1, previews: 1 });
    expect(previewed.variants!.arms.find((x) => x.arm === 1)!.clicked.count).toBe(1);

    expect((await convert(inB[0]!.phone, 250)).status).toBe(201);
    expect(await arm(2)).toMatchObject({
      converted: { count: 1 },
      revenue: [{ currency: "INR", value: 250 }],
    });

    // A holdout number was sent nothing: its conversion is unattributed, in the campaign's window.
    expect((await convert(held[0]!.phone, 90)).status).toBe(201);
    expect(await arm(0)).toMatchObject({
      converted: { count: 1 },
      revenue: [{ currency: "INR", value: 90 }],
    });
  });
});
