import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchOnList, launchWithFile, uploadList } from "@/test/promotion-uploads";

/** The vendor's samples name the chatapp channel `whatsapp`: read as chatapp, answered as chatapp. */

const CSV = "Phone,Name,Order\n919810000001,Asha,A-1\n919810000002,Ravi,A-2\n";

describe("the whatsapp alias of the chatapp channel", () => {
  let a: TestBusiness;
  let tpl: string;
  beforeAll(async () => {
    a = await createTestBusiness();
    tpl = (await approvedTemplate(a.business.id)).name;
  });
  const get = (path: string) => api(path, { headers: { "x-api-key": t().apiKey } });
  const t = () => a;

  it('E1 form (a): "channelType": "whatsapp" launches a chatapp promotion and answers "chatapp"', async () => {
    const res = await launchWithFile(a, "alias-a", CSV, {
      ...chatappLaunch(tpl, phoneOf(a)),
      channelType: "whatsapp",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ channelType: "chatapp", accepted: 2, rejected: 0 });
  });

  it("E1 form (b): WhatsApp in any letter case; E2, E3, E4 and E5 take ?channel=whatsapp", async () => {
    await uploadList(a, "alias-b", CSV);
    const res = await launchOnList(a, "alias-b", {
      ...chatappLaunch(tpl, phoneOf(a)),
      channelType: "WhatsApp",
    });
    expect(res.status).toBe(200);
    expect(res.json.channelType).toBe("chatapp");
    const id = res.json.promotionId as string;

    const list = await get(`/api/v2/promotion/${a.business.id}?channel=whatsapp`);
    expect(list.status).toBe(200);
    expect(list.json.promotions.map((p: { promotionId: string }) => p.promotionId)).toContain(id);
    expect(new Set(list.json.promotions.map((p: { channelType: string }) => p.channelType))).toEqual(
      new Set(["chatapp"]),
    );

    const stats = await get(`/api/v2/promotion/${a.business.id}/${id}/stats?channel=whatsapp`);
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ attempted: expect.any(Number) });
    const report = await get(`/api/v2/promotion/${a.business.id}/statistics/${id}/report?channel=whatsapp`);
    expect(report.status).toBe(200);
    expect(report.text.split("\n")[0]).toContain("Name,Phone,Status");

    const stop = await api(`/api/v2/promotion/${a.business.id}/${id}?channel=whatsapp`, {
      method: "PATCH",
      headers: { "x-api-key": a.apiKey },
      json: { type: "status", status: "Stopped" },
    });
    expect(stop.status).toBe(200);
    expect(stop.json).toMatchObject({ promotionId: id, channelType: "chatapp", status: "Stopped" });
    // The alias names the chatapp channel only: an RCS filter does not find this promotion.
    const rcs = await get(`/api/v2/promotion/${a.business.id}/${id}/stats?channel=rcs`);
    expect(rcs.status).toBe(404);
  });

  it("a channel that is neither is still a 400 naming the accepted values", async () => {
    const res = await launchOnList(a, "alias-b", { ...chatappLaunch(tpl, phoneOf(a)), channelType: "sms" });
    expect(res.status).toBe(400);
    expect(res.json.error.details).toContainEqual({
      path: "channelType",
      message: "chatapp (or whatsapp) or rcs",
    });
    const list = await get(`/api/v2/promotion/${a.business.id}?channel=telegram`);
    expect(list.status).toBe(400);
  });
});
