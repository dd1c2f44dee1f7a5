import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchOnList, uploadList } from "@/test/promotion-uploads";

describe("GET /api/v2/promotion/{business_id} (E2)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  const ids: string[] = [];
  const list = (t: TestBusiness, query = "") =>
    api(`/api/v2/promotion/${t.business.id}${query}`, { headers: { "x-api-key": t.apiKey } });

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const tpl = await approvedTemplate(a.business.id);
    const rcs = await approvedTemplate(a.business.id, { channel: "rcs" });
    await uploadList(a, "e2", "phone,name,order\n919810000001,A,1\n");
    for (let i = 0; i < 3; i++) {
      const res = await launchOnList(a, "e2", { ...chatappLaunch(tpl.name, phoneOf(a)), name: `P${i}` });
      ids.push(res.json.promotionId);
    }
    const r = await launchOnList(a, "e2", {
      name: "R",
      channelType: "rcs",
      template: { id: rcs.id, components: [] },
    });
    expect(r.status).toBe(200);
  });

  it("lists chatapp promotions newest first with totalItems, as list records", async () => {
    const res = await list(a);
    expect(res.status).toBe(200);
    expect(res.json.totalItems).toBe(3);
    expect(res.json.promotions.map((p: { promotionId: string }) => p.promotionId)).toEqual(
      [...ids].reverse(),
    );
    expect(res.json.promotions[0]).toEqual({
      promotionId: ids[2],
      businessId: a.business.id,
      platformId: a.business.id,
      name: "P2",
      channelType: "chatapp",
      status: "Active",
      createdBy: null,
      promotionType: "IMMEDIATE",
      targetSource: "CSV",
      targetType: "e2",
      flowId: null,
      flowName: null,
      promotionBase: "TEMPLATE",
      attributionWindow: 168,
      promotionEndTime: 0,
      createdDate: expect.any(Number),
    });
  });

  it("pages with page (from 0) and size; channel=rcs lists RCS", async () => {
    const page = await list(a, "?page=1&size=2");
    expect(page.json).toMatchObject({ totalItems: 3 });
    expect(page.json.promotions.map((p: { name: string }) => p.name)).toEqual(["P0"]);
    const rcs = await list(a, "?channel=rcs");
    expect(rcs.json.totalItems).toBe(1);
    expect(rcs.json.promotions[0]).toMatchObject({ name: "R", channelType: "rcs" });
  });

  it("400 for bad paging or channel; 401 for another business's key; another business sees nothing", async () => {
    expect((await list(a, "?size=0")).status).toBe(400);
    expect((await list(a, "?page=-1")).status).toBe(400);
    expect((await list(a, "?channel=sms")).json.error.details[0].path).toBe("query.channel");
    expect((await list({ ...a, apiKey: b.apiKey })).status).toBe(401);
    expect((await list(b)).json).toEqual({ promotions: [], totalItems: 0 });
  });
});
