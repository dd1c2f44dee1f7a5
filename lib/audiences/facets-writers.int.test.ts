import { describe, expect, it } from "vitest";
import { systemCtx, inTransaction } from "@/lib/context";
import { db, pool } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { writeProfileAttribute } from "@/lib/flows/engine/profile-field";
import { uuidv7 } from "@/lib/ids";
import { deleteProfile } from "@/lib/profiles/edit-profile";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";
import { createTestBusiness } from "@/test/factories";
import { facetsOutOfStep } from "@/test/facets-in-step";
import { createAttributeDefinition, deleteAttributeDefinition } from "./attribute-definitions";
import { bulkUpdateFiltered } from "./bulk-update-filtered";
import { bulkUpdateSubscribers } from "./bulk-update-subscribers";
import { eraseSubscriber } from "./consent/erase-subscriber";
import { moveLegacyProfileTags } from "./move-legacy-profile-tags";
import { countDefinition } from "./segments/segment-matches";
import { changeSubscriberTags, setSubscriberAttributes } from "./subscriber-audience";
import { deleteTag, updateTag } from "./tags";
import { updateAttributeDefinition } from "./update-attribute-definition";

const ctx = systemCtx("test");
const phone = (i: number) => `91977${String(i).padStart(7, "0")}`;
const facetsOf = (b: string) =>
  rawQuery<{ profile_id: string; tag_ids: string[]; n1: string | null; s2: string | null }>(
    db(),
    "SELECT profile_id, tag_ids, n1, s2 FROM profile_facets WHERE business_id = $1 ORDER BY profile_id",
    [b],
  );
const count = async (b: string, conditions: unknown[]) =>
  (await countDefinition(ctx, b, { groups: [{ conditions }] })).count;

describe("profile_facets: every writer of profiles keeps the segments' copy in step", () => {
  it("follows F1, bulk changes, the subscriber page, flows, tag and attribute edits, the legacy move, deletes and erasure", async () => {
    const [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const b = t.business.id;
    const inStep = async () => {
      expect(await facetsOutOfStep(pool(), b)).toEqual([]);
      expect(await facetsOutOfStep(pool(), other.business.id)).toEqual([]);
    };
    await createAttributeDefinition(ctx, b, { key: "spend", label: "Spend", type: "number" }); // slot 1
    await createAttributeDefinition(ctx, b, { key: "city2", label: "City", type: "text" }); // slot 2
    await createAttributeDefinition(ctx, other.business.id, { key: "spend", label: "Spend", type: "number" });
    const rows = Array.from({ length: 6 }, (_, i) => ({ phone: phone(i), countrycode: "IN" }));
    await uploadProfiles(ctx, b, { profile: rows });
    await uploadProfiles(ctx, other.business.id, {
      profile: rows.map((r) => ({ ...r, tags: ["VIP"], attributes: { spend: 900 } })),
    });
    expect(await facetsOf(b)).toEqual([]); // no tags or values: no row
    await inStep();

    // F1 with extras, then bulk changes by number and by the profile list's search.
    await uploadProfiles(ctx, b, {
      profile: rows
        .slice(0, 3)
        .map((r, i) => ({ ...r, tags: ["VIP"], attributes: { spend: 10 * i, city2: "Pune" } })),
    });
    expect((await facetsOf(b)).map((f) => [f.n1, f.s2])).toEqual([
      ["0", "pune"],
      ["10", "pune"],
      ["20", "pune"],
    ]);
    await bulkUpdateSubscribers(ctx, b, { action: "add_tag", tag: "Gold", phones: [phone(3), phone(4)] });
    await bulkUpdateSubscribers(ctx, b, {
      action: "set_attribute",
      key: "spend",
      value: 55,
      phones: [phone(4)],
    });
    await bulkUpdateSubscribers(ctx, b, { action: "remove_tag", tag: "VIP", phones: [phone(0)] });
    await bulkUpdateFiltered(ctx, b, undefined, { action: "set_attribute", key: "city2", value: "MUMBAI" });
    await inStep();
    expect(await count(b, [{ kind: "attribute", key: "city2", op: "equals", value: "mumbai" }])).toBe(6);
    expect(await count(b, [{ kind: "attribute", key: "spend", op: "greater", value: 15 }])).toBe(2);

    // The subscriber page, and a flow saving an answer.
    await setSubscriberAttributes(ctx, b, phone(5), { attributes: { spend: 7 } });
    await changeSubscriberTags(ctx, b, phone(5), { add: ["Trial"], remove: [] });
    await inTransaction(ctx, (tx) => writeProfileAttribute(tx, b, phone(5), { key: "spend", value: 8 }));
    await inStep();
    expect(await count(b, [{ kind: "attribute", key: "spend", op: "equals", value: 8 }])).toBe(1);

    // Tags renamed (ids stay) and deleted (off every profile).
    const tags = await rawQuery<{ id: string; name: string }>(
      db(),
      "SELECT id, name FROM tags WHERE business_id = $1",
      [b],
    );
    const id = (n: string) => tags.find((x) => x.name === n)!.id;
    await updateTag(ctx, b, id("Gold"), { name: "Golden" });
    expect(await count(b, [{ kind: "tags", op: "any_of", tags: ["golden"] }])).toBe(2);
    await deleteTag(ctx, b, id("VIP"));
    await inStep();
    expect((await facetsOf(b)).some((f) => f.tag_ids.includes(id("VIP")))).toBe(false);

    // An attribute deleted: its values go, and the next definition to take its slot starts empty.
    await deleteAttributeDefinition(ctx, b, "spend");
    await inStep();
    expect((await facetsOf(b)).every((f) => f.n1 === null)).toBe(true);
    await createAttributeDefinition(ctx, b, { key: "score", label: "Score", type: "number" });
    const [slot] = await rawQuery<{ slot: number }>(
      db(),
      "SELECT slot FROM attribute_definitions WHERE business_id = $1 AND key = 'score'",
      [b],
    );
    expect(slot!.slot).toBe(1);
    expect(await count(b, [{ kind: "attribute", key: "score", op: "is_set" }])).toBe(0);
    // A type change while no profile holds a value, then values of the new type.
    await updateAttributeDefinition(ctx, b, "score", { type: "boolean" });
    await bulkUpdateSubscribers(ctx, b, {
      action: "set_attribute",
      key: "score",
      value: true,
      phones: [phone(1)],
    });
    await inStep();
    expect(await count(b, [{ kind: "attribute", key: "score", op: "is", value: true }])).toBe(1);

    // The legacy move of tags written before they lived on the profile.
    const legacy = uuidv7();
    await rawQuery(db(), "INSERT INTO tags (id, business_id, name, colour) VALUES ($1, $2, 'Old', 'gray')", [
      legacy,
      b,
    ]);
    const [p2] = await rawQuery<{ id: string }>(
      db(),
      "SELECT id FROM profiles WHERE business_id = $1 AND phone = $2",
      [b, phone(2)],
    );
    await rawQuery(db(), "INSERT INTO profile_tags (business_id, profile_id, tag_id) VALUES ($1, $2, $3)", [
      b,
      p2!.id,
      legacy,
    ]);
    await moveLegacyProfileTags(ctx);
    await inStep();
    expect(await count(b, [{ kind: "tags", op: "all_of", tags: ["Old"] }])).toBe(1);

    // A profile deleted, and a subscriber erased: their rows go.
    await deleteProfile(ctx, b, p2!.id);
    await eraseSubscriber(ctx, b, phone(5));
    await inStep();
    const left = (await facetsOf(b)).map((f) => f.profile_id);
    expect(left).not.toContain(p2!.id);
    expect(await count(b, [{ kind: "tags", op: "any_of", tags: ["Trial"] }])).toBe(0);

    // The other business was never touched.
    expect(
      await count(other.business.id, [{ kind: "attribute", key: "spend", op: "greater", value: 800 }]),
    ).toBe(6);
    expect(await count(other.business.id, [{ kind: "tags", op: "any_of", tags: ["VIP"] }])).toBe(6);
  });
  it("F1 with every type inserting and updating, and later statements of its transaction, keep the copy in step", async () => {
    const t = await createTestBusiness();
    const b = t.business.id;
    await createAttributeDefinition(ctx, b, { key: "spend", label: "Spend", type: "number" });
    await createAttributeDefinition(ctx, b, { key: "vip", label: "VIP", type: "boolean" });
    await createAttributeDefinition(ctx, b, { key: "town", label: "Town", type: "text" });
    await createAttributeDefinition(ctx, b, { key: "joined", label: "Joined", type: "date" });
    const plan = { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] };
    await createAttributeDefinition(ctx, b, plan);
    const attributes = (i: number) => ({
      spend: 10 * i,
      vip: i % 2 === 0,
      town: i % 2 ? "PUNE" : "Mumbai",
      joined: `2026-0${1 + i}-15`,
      plan: i % 2 ? "gold" : "Silver",
    });
    const rows = Array.from({ length: 4 }, (_, i) => ({ phone: phone(100 + i), countrycode: "IN" }));
    // Two stored before without extras: the call below both inserts and updates.
    await uploadProfiles(ctx, b, { profile: rows.slice(0, 2) });
    // F1, then in the same transaction other writers' statements (prepared, so the second
    // reaches the server as Bind/Execute only): each statement's rows are written.
    await inTransaction(ctx, async (tx) => {
      const out = await uploadProfiles(tx, b, {
        profile: rows.map((r, i) => ({ ...r, tags: ["VIP", `T${i % 2}`], attributes: attributes(i) })),
      });
      expect(out.uploaded).toBe(4);
      for (const spend of [555, 556])
        await rawQuery(
          tx.db,
          "UPDATE profiles SET attributes = attributes || jsonb_build_object('spend', $2::int) WHERE business_id = $1 AND phone = $3",
          [b, spend, phone(100)],
        );
      await rawQuery(tx.db, "UPDATE profiles SET tag_ids = '{}' WHERE business_id = $1 AND phone = $2", [
        b,
        phone(101),
      ]);
    });
    expect(await facetsOutOfStep(pool(), b)).toEqual([]);
    expect(await count(b, [{ kind: "attribute", key: "spend", op: "equals", value: 556 }])).toBe(1);
    expect(await count(b, [{ kind: "tags", op: "any_of", tags: ["VIP"] }])).toBe(3);
    expect(await count(b, [{ kind: "attribute", key: "vip", op: "is", value: true }])).toBe(2);
    expect(await count(b, [{ kind: "attribute", key: "town", op: "equals", value: "pune" }])).toBe(2);
    expect(await count(b, [{ kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] }])).toBe(2);
    // A removal (null) in the same call: F1's second statement, kept by the triggers.
    await uploadProfiles(ctx, b, {
      profile: [{ ...rows[2]!, tags: ["VIP"], attributes: { spend: null, town: "Delhi" } }],
    });
    expect(await facetsOutOfStep(pool(), b)).toEqual([]);
    expect(await count(b, [{ kind: "attribute", key: "spend", op: "is_set" }])).toBe(3);
    expect(await count(b, [{ kind: "attribute", key: "town", op: "equals", value: "delhi" }])).toBe(1);
  });
});
