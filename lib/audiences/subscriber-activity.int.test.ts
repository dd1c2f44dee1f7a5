import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { findList } from "@/lib/promotions/lists/find-list";
import { launchPromotion } from "@/lib/promotions/launch/launch-promotion";
import { api } from "@/test/api";
import { customerWrites } from "@/test/conversations";
import { drainAll } from "@/test/messages";
import { launchReady, numbers } from "@/test/promotions";

const ctx = systemCtx("test");

describe("a subscriber's activity (GET .../subscribers/{phone} and the subscriber page)", () => {
  it("is read from the conversations, the campaign messages, their reads and the human clicks", async () => {
    const [phone, other] = numbers(2, "0001", 910) as [string, string];
    const csv = ["phone,name", `${phone},Asha`, `${other},Ravi`].join("\n");
    const { t, businessId, body } = await launchReady({
      listName: "activity",
      csv,
      name: "Autumn",
      variables: ["${name}", "x"],
    });
    const get = async (p: string) =>
      (await api(`/api/v3/audiences/${businessId}/subscribers/${p}`, { headers: { "x-api-key": t.apiKey } }))
        .json;
    await api("/api/v3/profile/upload", {
      headers: { "x-api-key": t.apiKey },
      json: { profile: [{ phone, countrycode: "IN" }] },
    });
    expect((await get(phone)).activity).toEqual({
      firstMessageAt: null,
      lastMessageAt: null,
      lastCampaign: null,
      lastReadAt: null,
      lastClickAt: null,
    });

    const list = await findList(ctx, businessId, "activity");
    const launched = await launchPromotion(ctx, { businessId, list, body });
    await drainAll();
    const [sent] = await rawQuery<{ message_id: string }>(
      db(),
      `SELECT message_id FROM promotion_recipients WHERE promotion_id = $1 AND phone = $2`,
      [launched.promotionId, phone],
    );
    expect(sent?.message_id).toBeTruthy();
    await rawQuery(db(), `UPDATE messages SET read_at = now() - interval '1 minute' WHERE id = $1`, [
      sent!.message_id,
    ]);
    await customerWrites(t, phone, "Thanks!");
    const clickAt = new Date(Date.now() - 30_000);
    for (const agent of ["human", "preview"])
      await rawQuery(
        db(),
        `INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, clicked_at, agent_class)
         VALUES ($1, $2, 'c0de', $3, $4, $5, $6)`,
        [uuidv7(), businessId, launched.promotionId, phone, agent === "human" ? clickAt : new Date(), agent],
      );

    const { activity } = await get(phone);
    const now = Date.now() / 1000;
    expect(activity.lastCampaign).toMatchObject({ promotionId: launched.promotionId, name: "Autumn" });
    expect(activity.firstMessageAt).toBeGreaterThan(now - 60);
    expect(activity.lastMessageAt).toBeGreaterThanOrEqual(activity.firstMessageAt);
    expect(activity.lastReadAt).toBeGreaterThan(now - 120);
    // The preview's later request is not a click.
    expect(activity.lastClickAt).toBe(Math.floor(clickAt.getTime() / 1000));
  });
});
