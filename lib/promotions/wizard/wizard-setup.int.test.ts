import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
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
      listName: "vip",
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
});
