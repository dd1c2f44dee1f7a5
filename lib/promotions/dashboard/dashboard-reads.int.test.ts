import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { promotionCounters, promotions } from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { createTestPromotion, numbers } from "@/test/promotions";
import { chatappLaunch, launchOnList, uploadList } from "@/test/promotion-uploads";
import { launchPromotion } from "../launch/launch-promotion";
import { findList } from "../lists/find-list";
import { campaignFilters } from "./campaign-filters";
import { deleteTargetList } from "./delete-target-list";
import { listCampaigns } from "./list-campaigns";
import { streamListRejects } from "../lists/stream-list-rejects";
import { refusedRowsFileName } from "./list-rejects-csv";
import { listTargetLists } from "./list-target-lists";

const ctx = systemCtx("test");
const all = campaignFilters.parse({});
const page = { q: "", sort: null, limit: 25, offset: 0, timeZone: "Asia/Kolkata" };
const CSV = "phone,name,order\n919810000001,Asha,A-1\n919810000002,Ravi,A-2\nnot-a-phone,X,A-3\n";

describe("campaigns table (listCampaigns)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let viaApi: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const tpl = (await approvedTemplate(a.business.id)).name;
    await uploadList(a, "orders", CSV);
    const res = await launchOnList(a, "orders", { ...chatappLaunch(tpl, phoneOf(a)), name: "Diwali API" });
    expect(res.status).toBe(200);
    viaApi = res.json.promotionId as string;
  });

  it("an API launch records its key; a dashboard launch its user; both show who", async () => {
    const tpl = (await approvedTemplate(a.business.id)).name;
    const user = { type: "user" as const, id: a.admin.id, role: "BUSINESS_ADMIN", businessId: a.business.id };
    const list = await findList(ctx, a.business.id, "orders");
    const launched = await launchPromotion(
      { db: db(), actor: user },
      {
        businessId: a.business.id,
        list,
        body: { ...chatappLaunch(tpl, phoneOf(a)), name: "Diwali dashboard" },
      },
    );
    const [row] = await db().select().from(promotions).where(eq(promotions.id, viaApi));
    expect(row).toMatchObject({ createdBy: null, createdByApiKey: a.keyId });
    const { rows, total } = await listCampaigns(ctx, a.business.id, { ...page, filters: all, q: "diwali" });
    expect(total).toBe(2);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName["Diwali API"]).toMatchObject({
      channel: "chatapp",
      status: "Active",
      template: expect.stringMatching(/^tpl_/),
      total: 2,
      sent: 0,
      createdBy: { kind: "api_key", name: "test" },
    });
    expect(byName["Diwali dashboard"]!.id).toBe(launched.promotionId);
    expect(byName["Diwali dashboard"]!.createdBy).toMatchObject({
      kind: "user",
      name: "Ada",
      detail: a.admin.email,
    });
  });

  it("counts sent/delivered/read from the counters, leaves opted-out recipients out of the total", async () => {
    const { id } = await createTestPromotion(a, { phones: numbers(4), optedOut: ["919999990001"] });
    await db()
      .update(promotionCounters)
      .set({ attempted: 4, sent: 1, delivered: 1, read: 1, failed: 1 })
      .where(eq(promotionCounters.promotionId, id));
    const { rows } = await listCampaigns(ctx, a.business.id, {
      ...page,
      filters: all,
      q: `promo ${id.slice(-6)}`,
    });
    expect(rows).toMatchObject([{ id, total: 4, sent: 3, delivered: 2, read: 1, createdBy: null }]);
  });

  it("filters by channel, status and creation day in the business's time zone; sorts; pages", async () => {
    const rcs = await createTestPromotion(a, { phones: numbers(1) });
    await db()
      .update(promotions)
      .set({ channelType: "rcs", status: "Stopped", name: "zz rcs" })
      .where(eq(promotions.id, rcs.id));
    const only = (f: Record<string, string>) =>
      listCampaigns(ctx, a.business.id, { ...page, filters: campaignFilters.parse(f) });
    expect((await only({ channel: "rcs" })).rows.map((r) => r.id)).toEqual([rcs.id]);
    expect((await only({ status: "Stopped" })).rows.map((r) => r.id)).toEqual([rcs.id]);
    expect((await only({ channel: "chatapp" })).rows.map((r) => r.id)).not.toContain(rcs.id);
    // 2026-01-01 00:30 in Kolkata is 2025-12-31 19:00 UTC: it belongs to 1 January there.
    await db()
      .update(promotions)
      .set({ createdAt: new Date("2025-12-31T19:00:00Z") })
      .where(eq(promotions.id, rcs.id));
    expect((await only({ from: "2026-01-01", to: "2026-01-01" })).rows.map((r) => r.id)).toEqual([rcs.id]);
    expect((await only({ from: "2025-12-30", to: "2025-12-31" })).rows).toEqual([]);
    const byName = await listCampaigns(ctx, a.business.id, {
      ...page,
      filters: all,
      sort: { id: "name", desc: true },
    });
    expect(byName.rows[0]!.name).toBe("zz rcs");
    const paged = await listCampaigns(ctx, a.business.id, { ...page, filters: all, limit: 1, offset: 1 });
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBe(byName.total);
  });

  it("another business sees none of them", async () => {
    const { rows, total } = await listCampaigns(ctx, b.business.id, { ...page, filters: all });
    expect(rows).toEqual([]);
    expect(total).toBe(0);
  });

  it("refuses a reversed date range and an unknown status", () => {
    expect(campaignFilters.safeParse({ from: "2026-02-01", to: "2026-01-01" }).success).toBe(false);
    expect(campaignFilters.safeParse({ status: "Paused" }).success).toBe(false);
  });
});

describe("lists table, rejects download and delete", () => {
  it("lists uploads with the promotions launched on them; tenant isolated; delete keeps recipients", async () => {
    const [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const tpl = (await approvedTemplate(a.business.id)).name;
    await uploadList(a, "spring", CSV);
    await uploadList(a, "unused", "phone\n919810000009\n");
    const res = await launchOnList(a, "spring", { ...chatappLaunch(tpl, phoneOf(a)), name: "Spring sale" });
    const promotionId = res.json.promotionId as string;
    const { rows, total } = await listTargetLists(ctx, a.business.id, {
      q: "",
      sort: { id: "name", desc: false },
      limit: 10,
      offset: 0,
    });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.name, r.rowCount, r.rejectedCount, r.usedByCount])).toEqual([
      ["spring", 2, 1, 1],
      ["unused", 1, 0, 0],
    ]);
    expect(rows[0]!.usedBy).toEqual([{ id: promotionId, name: "Spring sale" }]);
    expect(rows[0]!.columns).toEqual(["phone", "name", "order"]);
    expect(
      (await listTargetLists(ctx, a.business.id, { q: "SPR", sort: null, limit: 10, offset: 0 })).total,
    ).toBe(1);
    expect(
      (await listTargetLists(ctx, b.business.id, { q: "", sort: null, limit: 10, offset: 0 })).total,
    ).toBe(0);

    let csv = "";
    for await (const part of streamListRejects(ctx, a.business.id, rows[0]!.id)) csv += part;
    expect(await refusedRowsFileName(ctx, a.business.id, rows[0]!.id)).toBe("spring-refused-rows.csv");
    await expect(refusedRowsFileName(ctx, b.business.id, rows[0]!.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(csv.startsWith("row,phone,reason\r\n3,not-a-phone,")).toBe(true);
    expect(csv.split("\r\n")[1]).toMatch(/^3,not-a-phone,./);

    await expect(deleteTargetList(ctx, b.business.id, rows[0]!.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await deleteTargetList(ctx, a.business.id, rows[0]!.id)).toEqual({ name: "spring" });
    expect(
      (await listTargetLists(ctx, a.business.id, { q: "", sort: null, limit: 10, offset: 0 })).total,
    ).toBe(1);
    const { rows: campaigns } = await listCampaigns(ctx, a.business.id, { ...page, filters: all });
    expect(campaigns).toMatchObject([{ id: promotionId, total: 2 }]);
  });
});
