import { describe, expect, it } from "vitest";
import { systemCtx } from "../context";
import { uploadProfiles } from "../profiles/upload-profiles";
import { createAttributeDefinition } from "./attribute-definitions";
import { bulkUpdateFiltered } from "./bulk-update-filtered";
import { getSubscriberAudience } from "./subscriber-audience";
import { getSubscriberPage } from "./subscriber-page";
import { createTestBusiness } from "@/test/factories";

const ctx = systemCtx("test");

describe("getSubscriberPage (the subscriber page's data)", () => {
  it("shows the profile with its own tags and attributes, as the API's audience view does, in this business only", async () => {
    const [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const rows = [
      { phone: "919840000101", countrycode: "IN", name: "Asha", city: "Pune" },
      { phone: "919840000102", countrycode: "IN", name: "Ravi", city: "Chennai" },
    ];
    await uploadProfiles(ctx, t.business.id, { profile: rows });
    await uploadProfiles(ctx, other.business.id, { profile: rows });
    await createAttributeDefinition(ctx, t.business.id, { key: "spend", label: "Spend", type: "number" });
    await bulkUpdateFiltered(ctx, t.business.id, "pune", { action: "add_tag", tag: "Vip" });
    await bulkUpdateFiltered(ctx, t.business.id, "pune", { action: "add_tag", tag: "Local" });
    await bulkUpdateFiltered(ctx, t.business.id, "chennai", { action: "add_tag", tag: "Far" });
    await bulkUpdateFiltered(ctx, t.business.id, "pune", {
      action: "set_attribute",
      key: "spend",
      value: "40",
    });
    await bulkUpdateFiltered(ctx, other.business.id, undefined, { action: "add_tag", tag: "Other" });

    const page = await getSubscriberPage(ctx, t.business.id, "+91 98400 00101");
    expect(page.profile.name).toBe("Asha");
    expect(page.audience).toEqual(await getSubscriberAudience(ctx, t.business.id, "919840000101"));
    expect(page.audience.tags.map((x) => x.name)).toEqual(["Local", "Vip"]);
    expect(page.audience.attributes).toEqual({ spend: 40 });
    // The tags to pick from: the business's, every one of them, none of the other business's.
    expect(page.tags.map((x) => x.name)).toEqual(["Far", "Local", "Vip"]);

    expect(
      (await getSubscriberPage(ctx, t.business.id, "919840000102")).audience.tags.map((x) => x.name),
    ).toEqual(["Far"]);
    await expect(getSubscriberPage(ctx, t.business.id, "919840000199")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getSubscriberPage(ctx, t.business.id, "not a number")).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
