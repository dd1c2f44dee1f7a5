import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { launchReady } from "@/test/promotions";
import { launchOnce } from "../launch/launch-once";
import { buildComponents, valuesFromComponents } from "./template-slots";
import { wizardSetup } from "./wizard-setup";

const ctx = systemCtx("test");

describe("wizardSetup", () => {
  it("offers the business's senders, approved templates and lists, and prefills from a promotion", async () => {
    const ready = await launchReady({
      listName: "vip",
      csv: "phone,name,order\n919800000001,Asha,A-1\n",
      name: "Diwali",
      variables: ["${name}", "fixed"],
    });
    const { t, businessId, tpl } = ready;
    await approvedTemplate(businessId, { status: "PENDING" });
    const body = { ...ready.body, staggered: true, batchSize: 100, batchTimer: 60 };
    const launched = await launchOnce(ctx, { businessId, listName: "vip", body, idempotencyKey: "k" });

    const setup = await wizardSetup(ctx, businessId, launched.promotionId);
    expect(setup.templates.map((x) => x.id)).toEqual([tpl.id]);
    expect(setup.lists).toEqual([{ name: "vip", rowCount: 1 }]);
    expect(setup.senders).toContainEqual({
      channel: "chatapp",
      sender: phoneOf(t),
      perSecond: expect.any(Number),
      label: expect.stringMatching(/ \(\+91 98\d{3} \d{5}\)$/),
    });
    expect(setup.draft).toMatchObject({
      name: "Diwali (copy)",
      audience: { source: "list", listName: "vip" },
      abTest: null,
      phoneNumberId: phoneOf(t),
      templateId: tpl.id,
      staggered: true,
      batchSize: 100,
      batchTimer: 60,
    });
    const template = setup.templates[0]!;
    const values = valuesFromComponents(template, setup.draft!.components);
    expect(values).toEqual({
      "body.1": { kind: "column", value: "name" },
      "body.2": { kind: "text", value: "fixed" },
    });
    expect(buildComponents(template, values)).toEqual(body.template.components);

    const other = await createTestBusiness();
    await expect(wizardSetup(ctx, other.business.id, launched.promotionId)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("duplicates a segment's or tags' campaign with the same audience kind preselected, its template and its A/B test", async () => {
    const t = await createTestBusiness();
    const businessId = t.business.id;
    const tpl = await approvedTemplate(businessId);
    const second = await approvedTemplate(businessId);
    const key = { "x-api-key": t.apiKey };
    const profile = ["919800000011", "919800000012", "919800000013"].map((phone, i) => ({
      phone,
      countrycode: "IN",
      name: `Vip ${i}`,
      tags: i < 2 ? ["VIP", "Gold, Silver"] : ["VIP"],
    }));
    expect((await api("/api/v3/profile/upload", { headers: key, json: { profile } })).status).toBe(200);
    const seg = await api(`/api/v3/audiences/${businessId}/segments`, {
      headers: key,
      json: {
        name: "VIPs",
        definition: { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: ["VIP"] }] }] },
      },
    });
    expect(seg.status).toBe(201);
    const template = (name: string, offer: string) => ({
      name,
      language: "en_US",
      components: [
        {
          type: "BODY",
          variables: [
            { type: "text", value: "${name}" },
            { type: "text", value: offer },
          ],
        },
      ],
    });
    const body = {
      name: "VIP offer",
      channelType: "chatapp",
      phoneNumberId: phoneOf(t),
      template: template(tpl.name, "10% off"),
    };
    const onSegment = await launchOnce(ctx, {
      businessId,
      listName: "",
      idempotencyKey: "dup-segment",
      body: {
        ...body,
        targetSource: "SEGMENT",
        segmentId: seg.json.id,
        abTest: {
          variants: [
            { name: "Ten", template: template(tpl.name, "10% off") },
            { name: "Twenty", template: template(second.name, "20% off") },
          ],
          holdoutPercent: 15,
          winner: { testShare: 40, testHours: 6, metric: "clicked" },
        },
      },
    });
    const fromSegment = (await wizardSetup(ctx, businessId, onSegment.promotionId)).draft!;
    expect(fromSegment).toMatchObject({
      name: "VIP offer (copy)",
      audience: { source: "segment", segmentId: seg.json.id },
      templateId: tpl.id,
      abTest: {
        firstVariantName: "Ten",
        first: { templateId: tpl.id },
        variants: [{ name: "Twenty", templateId: second.id }],
        holdoutPercent: 15,
        winner: { testShare: 40, testHours: 6, metric: "clicked" },
      },
    });
    expect(fromSegment.abTest!.variants[0]!.components).toEqual(template(second.name, "20% off").components);

    // Tags, ALL, one of them holding ", " in its name: read back as the tags they are.
    const onTags = await launchOnce(ctx, {
      businessId,
      listName: "",
      idempotencyKey: "dup-tags",
      body: { ...body, targetSource: "TAGS", tags: ["vip", "Gold, Silver"], tagSearchCriteria: "ALL" },
    });
    const fromTags = (await wizardSetup(ctx, businessId, onTags.promotionId)).draft!;
    expect(fromTags).toMatchObject({
      audience: { source: "tags", tags: ["VIP", "Gold, Silver"], criteria: "ALL" },
      templateId: tpl.id,
      abTest: null,
    });

    // The segment renamed since: the same kind, none picked (the user picks it again).
    await api(`/api/v3/audiences/${businessId}/segments/${seg.json.id}`, {
      method: "PATCH",
      headers: key,
      json: { name: "VIPs 2027" },
    });
    expect((await wizardSetup(ctx, businessId, onSegment.promotionId)).draft!.audience).toEqual({
      source: "segment",
      segmentId: "",
    });
  });
});
