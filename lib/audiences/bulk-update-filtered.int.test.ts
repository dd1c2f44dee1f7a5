import { describe, expect, it } from "vitest";
import { systemCtx } from "../context";
import { uploadProfiles } from "../profiles/upload-profiles";
import { createAttributeDefinition } from "./attribute-definitions";
import { bulkUpdateFiltered } from "./bulk-update-filtered";
import { getSubscriberAudience } from "./subscriber-audience";
import { createTestBusiness } from "@/test/factories";

const ctx = systemCtx("test");

describe("bulkUpdateFiltered (the Profiles page's bulk change)", () => {
  it("changes exactly the profiles the search matches, in this business only", async () => {
    const [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const rows = [
      { phone: "919840000001", countrycode: "IN", name: "Asha", city: "Pune" },
      { phone: "919840000002", countrycode: "IN", name: "Ravi", city: "Pune" },
      { phone: "919840000003", countrycode: "IN", name: "Meera", city: "Chennai" },
    ];
    await uploadProfiles(ctx, t.business.id, { profile: rows });
    await uploadProfiles(ctx, other.business.id, { profile: rows });
    await createAttributeDefinition(ctx, t.business.id, { key: "spend", label: "Spend", type: "number" });

    expect(await bulkUpdateFiltered(ctx, t.business.id, "pune", { action: "add_tag", tag: "Local" })).toEqual(
      {
        matched: 2,
        updated: 2,
      },
    );
    const tags = async (b: string, p: string) =>
      (await getSubscriberAudience(ctx, b, p)).tags.map((x) => x.name);
    expect(await tags(t.business.id, "919840000001")).toEqual(["Local"]);
    expect(await tags(t.business.id, "919840000003")).toEqual([]);
    expect(await tags(other.business.id, "919840000001")).toEqual([]);

    // No search: every profile of the business.
    expect(
      await bulkUpdateFiltered(ctx, t.business.id, undefined, {
        action: "set_attribute",
        key: "spend",
        value: "12.5",
      }),
    ).toEqual({ matched: 3, updated: 3 });
    expect((await getSubscriberAudience(ctx, t.business.id, "919840000003")).attributes).toEqual({
      spend: 12.5,
    });
    await bulkUpdateFiltered(ctx, t.business.id, "Pune", { action: "remove_tag", tag: "Local" });
    expect(await tags(t.business.id, "919840000002")).toEqual([]);
  });

  it("refuses a value that does not fit, or an unknown change, with a 400 and writes nothing", async () => {
    const t = await createTestBusiness();
    await uploadProfiles(ctx, t.business.id, { profile: [{ phone: "919840000011", countrycode: "IN" }] });
    await createAttributeDefinition(ctx, t.business.id, { key: "spend", label: "Spend", type: "number" });
    await expect(
      bulkUpdateFiltered(ctx, t.business.id, undefined, {
        action: "set_attribute",
        key: "spend",
        value: "lots",
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      bulkUpdateFiltered(ctx, t.business.id, undefined, { action: "drop_all" } as never),
    ).rejects.toMatchObject({ status: 400 });
    expect((await getSubscriberAudience(ctx, t.business.id, "919840000011")).attributes).toEqual({});
  });
});
