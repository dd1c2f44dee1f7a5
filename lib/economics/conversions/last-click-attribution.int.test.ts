import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { systemCtx } from "@/lib/context";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { finalStatus, numbers, runUntil } from "@/test/promotions";
import { launchWithFile } from "@/test/promotion-uploads";
import { clickQueue } from "../links/click-recorder";
import { linkBaseUrl } from "../links/link-base";
import { getAttributionModel, setAttributionModel } from "./attribution-model";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ctx = systemCtx("test");
const WHATSAPP_PREVIEW = "WhatsApp/2.23.20.0 A";

/** A campaign to `phones` whose URL button is a tracked link on our host; resolves its id. */
async function trackedCampaign(t: TestBusiness, template: string, phones: string[]) {
  const csv = "Phone,Url\n" + phones.map((p, i) => `${p},https://shop.example/p/${i}`).join("\n");
  const launched = await launchWithFile(t, `list-${Math.random().toString(36).slice(2, 8)}`, csv, {
    name: `Deal ${Math.random().toString(36).slice(2, 8)}`,
    channelType: "chatapp",
    phoneNumberId: phoneOf(t),
    template: {
      name: template,
      language: "en_US",
      components: [
        { type: "BUTTON", sub_type: "url", index: 0, variables: [{ type: "text", value: "${url}" }] },
      ],
    },
  });
  expect(launched.status, launched.text).toBe(200);
  const id = launched.json.promotionId as string;
  await runUntil(finalStatus(id));
  await drainAll();
  return id;
}

/** Follows the tracked link campaign `promotionId` sent `phone`, as `userAgent`. */
async function follow(t: TestBusiness, promotionId: string, phone: string, userAgent: string) {
  const [link] = await rawQuery<{ code: string }>(
    db(),
    `SELECT code FROM tracked_links WHERE business_id = $1 AND promotion_id = $2 AND phone = $3`,
    [t.business.id, promotionId, phone],
  );
  const res = await api(`/l/${link!.code}`, { headers: { "user-agent": userAgent } });
  expect(res.status).toBe(302);
  expect(await clickQueue().flush()).toBe(true);
}

describe("conversion attribution by last click (the business's setting)", () => {
  let t: TestBusiness;
  let other: TestBusiness;
  let clicked: string; // sent first; its link tapped by `tapper`
  let latest: string; // sent after it to the same numbers: the last touch
  const [tapper, silent, previewed, stale] = numbers(4, "0031");
  const post = (eventId: string, phone: string) =>
    api(`/api/v3/conversions/${t.business.id}`, {
      headers: { "x-api-key": t.apiKey },
      json: { eventId, event: "purchase", phone: `+${phone}`, value: 10, currency: "EUR" },
    });

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const tpl = await approvedTemplate(t.business.id, {
      components: [
        { type: "BODY", text: "Your deal is ready" },
        {
          type: "BUTTONS",
          buttons: [
            { type: "URL", text: "Open", url: `${linkBaseUrl()}/l/{{1}}`, example: ["https://x.example"] },
          ],
        },
      ],
    });
    const everyone = [tapper!, silent!, previewed!, stale!];
    clicked = await trackedCampaign(t, tpl.name, everyone);
    await follow(t, clicked, tapper!, IPHONE);
    await follow(t, clicked, stale!, IPHONE);
    // The click of `stale` was 8 days ago: outside the campaign's 7-day window.
    await rawQuery(
      db(),
      `UPDATE link_clicks SET clicked_at = now() - interval '8 days' WHERE business_id = $1 AND phone = $2`,
      [t.business.id, stale],
    );
    latest = await trackedCampaign(t, tpl.name, everyone);
    // WhatsApp's preview of the later campaign's link is not a click.
    await follow(t, latest, previewed!, WHATSAPP_PREVIEW);
  }, 180_000);

  it("is last touch by default: the latest campaign message takes the conversion", async () => {
    expect(await getAttributionModel(ctx, t.business.id)).toBe("last_touch");
    const res = await post("touch-1", tapper!);
    expect(res.status, res.text).toBe(201);
    expect(res.json.conversion).toMatchObject({ attribution: "last_touch", campaignId: latest });
  });

  it("with last click, the campaign whose link the number tapped takes it, not the later message", async () => {
    await setAttributionModel(ctx, { businessId: t.business.id, model: "last_click" });
    const res = await post("click-1", tapper!);
    expect(res.status, res.text).toBe(201);
    expect(res.json.conversion).toMatchObject({ attribution: "last_click", campaignId: clicked });
    expect(res.json.conversion.messageId).toEqual(expect.any(String));
  });

  it("with last click, a number that never tapped, or only a preview crawler did, stays unattributed", async () => {
    for (const [eventId, phone] of [
      ["click-none", silent!],
      ["click-preview", previewed!],
    ] as const) {
      const res = await post(eventId, phone);
      expect(res.status, res.text).toBe(201);
      expect(res.json.conversion).toMatchObject({ attribution: "none", campaignId: null });
    }
  });

  it("with last click, a tap older than the campaign's window does not count", async () => {
    const res = await post("click-stale", stale!);
    expect(res.status, res.text).toBe(201);
    expect(res.json.conversion).toMatchObject({ attribution: "none", campaignId: null });
  });

  it("keeps what was stored: switching back changes new conversions only, and the campaign page counts both", async () => {
    await setAttributionModel(ctx, { businessId: t.business.id, model: "last_touch" });
    const again = await post("click-1", tapper!);
    expect(again.status).toBe(200);
    expect(again.json.conversion).toMatchObject({ attribution: "last_click", campaignId: clicked });
    const earned = await api(`/api/v3/conversions/${t.business.id}/campaigns/${clicked}`, {
      headers: { "x-api-key": t.apiKey },
    });
    expect(earned.status).toBe(200);
    expect(earned.json.conversions).toBe(1);
  });

  it("is the business's own: another business keeps last touch, and a model that does not exist is refused", async () => {
    expect(await getAttributionModel(ctx, other.business.id)).toBe("last_touch");
    await expect(
      setAttributionModel(ctx, { businessId: t.business.id, model: "first_touch" as never }),
    ).rejects.toThrow(/last_touch or last_click/);
    const [audit] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM audit_log WHERE business_id = $1 AND action = 'business.attribution_model'`,
      [t.business.id],
    );
    expect(audit!.n).toBe(2);
  });
});
