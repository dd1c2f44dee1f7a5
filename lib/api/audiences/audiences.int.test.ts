import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db, pool } from "@/lib/db/pool";
import { deleteProfile } from "@/lib/profiles/edit-profile";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const base = (t: TestBusiness, business = t) => `/api/v3/audiences/${business.business.id}`;
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const call = (t: TestBusiness, path: string, init: { method?: string; json?: unknown } = {}) =>
  api(`${base(t)}${path}`, { headers: key(t), ...init });
const upload = (t: TestBusiness, profile: unknown[]) =>
  api("/api/v3/profile/upload", { headers: key(t), json: { profile } });
const phone = (i: number) => `9198100${String(i).padStart(5, "0")}`;
const stored = async (t: TestBusiness, p: string) =>
  (
    await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.businessId, t.business.id), eq(profiles.phone, p)))
  )[0];

async function defineAttributes(t: TestBusiness) {
  const defs = [
    { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
    { key: "renewal", label: "Renewal", type: "date" },
    { key: "spend", label: "Spend", type: "number" },
    { key: "vip", label: "VIP", type: "boolean" },
    { key: "note", label: "Note", type: "text" },
  ];
  for (const d of defs) expect((await call(t, "/attributes", { json: d })).status).toBe(201);
}

describe("audiences API: tags", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
  });

  it("creates, lists with counts, renames, recolours and deletes a tag", async () => {
    const created = await call(t, "/tags", { json: { name: "VIP", colour: "Purple" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "VIP", colour: "purple", count: 0 });
    const id = created.json.id as string;
    expect((await call(t, "/tags", { json: { name: "Trial" } })).json.colour).toBe("gray");

    await upload(t, [
      { phone: phone(1), countrycode: "IN", tags: ["vip"] },
      { phone: phone(2), countrycode: "IN", tags: ["VIP", "Trial"] },
    ]);
    const list = await call(t, "/tags");
    expect(list.json.tags.map((x: { name: string; count: number }) => [x.name, x.count])).toEqual([
      ["Trial", 1],
      ["VIP", 2],
    ]);

    const renamed = await call(t, `/tags/${id}`, {
      method: "PATCH",
      json: { name: "Gold club", colour: "#7C3AED" },
    });
    expect(renamed.json).toMatchObject({ id, name: "Gold club", colour: "#7c3aed", count: 2 });
    expect((await call(t, `/tags/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(
      (await call(t, `/subscribers/${phone(2)}`)).json.tags.map((x: { name: string }) => x.name),
    ).toEqual(["Trial"]);
    expect((await call(t, `/tags/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("refuses a name taken whatever the case (409), bad colours and names (400), unknown ids (404)", async () => {
    await call(t, "/tags", { json: { name: "Churned" } });
    const dup = await call(t, "/tags", { json: { name: "CHURNED" } });
    expect([dup.status, dup.json.error.message]).toEqual([409, "A tag named CHURNED exists already"]);
    const colour = await call(t, "/tags", { json: { name: "X", colour: "mauve" } });
    expect(colour.status).toBe(400);
    expect(colour.json.error.message).toMatch(/colour: Must be one of gray, .* or #rrggbb/);
    expect((await call(t, "/tags", { json: { name: "  " } })).json.error.message).toMatch(
      /name: Must not be empty/,
    );
    expect((await call(t, "/tags", { json: { name: "x".repeat(51) } })).status).toBe(400);
    const missing = await call(t, "/tags/0193b6f2-8c1a-7cde-9f00-1234567890ab", {
      method: "PATCH",
      json: { colour: "red" },
    });
    expect(missing.status).toBe(404);
    expect((await call(t, "/tags/not-a-uuid", { method: "DELETE" })).status).toBe(400);
    expect(
      (await call(t, "/tags/0193b6f2-8c1a-7cde-9f00-1234567890ab", { method: "PATCH", json: {} })).status,
    ).toBe(400);
  });
});

describe("audiences API: limits", () => {
  it("refuses the 1,001st tag (409), also when a write would create it, and the 101st attribute", async () => {
    const t = await createTestBusiness();
    await db().execute(sql`
      INSERT INTO tags (id, business_id, name, colour)
      SELECT gen_random_uuid(), ${t.business.id}::uuid, 'tag ' || i, 'gray' FROM generate_series(1, 999) AS i`);
    expect((await call(t, "/tags", { json: { name: "The last" } })).status).toBe(201);
    const over = await call(t, "/tags", { json: { name: "One more" } });
    expect([over.status, over.json.error.message]).toEqual([409, "A business has at most 1000 tags"]);
    await upload(t, [{ phone: phone(1), countrycode: "IN" }]);
    const viaWrite = await call(t, `/subscribers/${phone(1)}/tags`, {
      method: "PATCH",
      json: { add: ["Brand new"] },
    });
    expect(viaWrite.status).toBe(409);
    const viaF1 = await upload(t, [{ phone: phone(2), countrycode: "IN", tags: ["Brand new"] }]);
    expect(viaF1.status).toBe(409);
    expect(await stored(t, phone(2))).toBeUndefined();
    // Existing names still work at the limit.
    expect(
      (await call(t, `/subscribers/${phone(1)}/tags`, { method: "PATCH", json: { add: ["TAG 7"] } })).status,
    ).toBe(200);

    await db().execute(sql`
      INSERT INTO attribute_definitions (id, business_id, key, label, type)
      SELECT gen_random_uuid(), ${t.business.id}::uuid, 'a' || i, 'A' || i, 'text' FROM generate_series(1, 100) AS i`);
    const attr = await call(t, "/attributes", { json: { key: "extra", label: "Extra", type: "text" } });
    expect([attr.status, attr.json.error.message]).toEqual([409, "A business has at most 100 attributes"]);
  });
});

describe("audiences API: a tag deleted while a write adds it", () => {
  it("answers 409 (send it again), not a 500, and writes nothing", async () => {
    const t = await createTestBusiness();
    await upload(t, [{ phone: phone(1), countrycode: "IN" }]);
    const tag = (await call(t, "/tags", { json: { name: "Racy" } })).json;
    const conn = await pool().connect();
    try {
      await conn.query("BEGIN");
      await conn.query("DELETE FROM tags WHERE business_id = $1 AND id = $2", [t.business.id, tag.id]);
      // The write finds the tag (the delete is not committed) and waits on its row to tag with it.
      const pending = call(t, `/subscribers/${phone(1)}/tags`, { method: "PATCH", json: { add: ["Racy"] } });
      await new Promise((r) => setTimeout(r, 500));
      await conn.query("COMMIT");
      const res = await pending;
      expect([res.status, res.json.error.message]).toEqual([
        409,
        "A tag this request adds was deleted meanwhile; send it again",
      ]);
    } finally {
      conn.release();
    }
    expect((await call(t, `/subscribers/${phone(1)}`)).json.tags).toEqual([]);
  });
});

describe("audiences API: attribute definitions and values", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
    await defineAttributes(t);
    await upload(t, [{ phone: phone(1), countrycode: "IN" }]);
  });

  it("lists the definitions by key", async () => {
    const list = await call(t, "/attributes");
    expect(list.json.attributes.map((a: { key: string }) => a.key)).toEqual([
      "note",
      "plan",
      "renewal",
      "spend",
      "vip",
    ]);
    expect(list.json.attributes[1]).toMatchObject({
      label: "Plan",
      type: "choice",
      choices: ["Gold", "Silver"],
    });
  });

  it("refuses bad definitions with messages (400) and a taken key (409)", async () => {
    const bad = async (json: unknown) =>
      (await call(t, "/attributes", { json })).json.error.message as string;
    expect(await bad({ key: "Plan", label: "x", type: "text" })).toMatch(/key: Must start with a-z/);
    expect(await bad({ key: "a", label: "x", type: "json" })).toMatch(/type: Must be one of text, number/);
    expect(await bad({ key: "a", label: "x", type: "choice" })).toMatch(
      /choices: A choice attribute needs its choices/,
    );
    expect(await bad({ key: "a", label: "x", type: "text", choices: ["y"] })).toMatch(
      /Only a choice attribute/,
    );
    expect(await bad({ key: "a", label: "x", type: "choice", choices: ["y", "Y"] })).toMatch(
      /Choices must differ/,
    );
    const dup = await call(t, "/attributes", { json: { key: "plan", label: "Again", type: "text" } });
    expect([dup.status, dup.json.error.message]).toEqual([409, "An attribute with key plan exists already"]);
  });

  it("sets values by type (merge; null removes; blank keeps) and reads them back", async () => {
    const set = await call(t, `/subscribers/${phone(1)}/attributes`, {
      method: "PATCH",
      json: {
        attributes: {
          plan: "gold",
          renewal: Date.UTC(2027, 0, 31),
          spend: "12.5",
          vip: "true",
          note: " hi ",
        },
      },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({
      phone: phone(1),
      tags: [],
      attributes: { plan: "Gold", renewal: "2027-01-31", spend: 12.5, vip: true, note: "hi" },
    });
    const merged = await call(t, `/subscribers/+${phone(1)}/attributes`, {
      method: "PATCH",
      json: { attributes: { spend: 40, note: null, plan: "" } },
    });
    expect(merged.json.attributes).toEqual({ plan: "Gold", renewal: "2027-01-31", spend: 40, vip: true });
    expect((await stored(t, phone(1)))?.attributes).toEqual(merged.json.attributes);
  });

  it("answers 400 naming the key for a value that does not fit, and for unknown keys", async () => {
    const bad = async (attributes: unknown) => {
      const res = await call(t, `/subscribers/${phone(1)}/attributes`, {
        method: "PATCH",
        json: { attributes },
      });
      expect(res.status).toBe(400);
      return res.json.error as { message: string; details: { path: string; message: string }[] };
    };
    expect((await bad({ plan: "Bronze" })).message).toBe(
      "Invalid request: plan: Must be one of: Gold, Silver",
    );
    expect((await bad({ renewal: "31/01/2027" })).details[0]).toMatchObject({ path: "attributes.renewal" });
    expect((await bad({ spend: "lots" })).message).toMatch(/spend: Must be a finite number/);
    expect((await bad({ vip: "maybe" })).message).toMatch(/vip: Must be true or false/);
    expect((await bad({ note: "x".repeat(501) })).message).toMatch(/note: At most 500 characters/);
    expect((await bad({ colour: "red" })).message).toMatch(/colour: No attribute with this key is defined/);
    const two = await bad({ plan: "Bronze", spend: "x" });
    expect(two.details.map((d) => d.path)).toEqual(["attributes.plan", "attributes.spend"]);
  });

  it("refuses a type change while values are stored (409) and allows it once they are gone", async () => {
    const refused = await call(t, "/attributes/spend", { method: "PATCH", json: { type: "text" } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(
      /1 profile\(s\) hold a value of spend: its type cannot change from number to text/,
    );
    const dropChoice = await call(t, "/attributes/plan", { method: "PATCH", json: { choices: ["Silver"] } });
    expect([dropChoice.status, dropChoice.json.error.message]).toEqual([
      409,
      "1 profile(s) hold a choice of plan this change removes (Gold)",
    ]);
    const relabel = await call(t, "/attributes/plan", {
      method: "PATCH",
      json: { label: "Tier", choices: ["Gold", "Silver", "Bronze"] },
    });
    expect(relabel.json).toMatchObject({ key: "plan", label: "Tier", choices: ["Gold", "Silver", "Bronze"] });
    await call(t, `/subscribers/${phone(1)}/attributes`, {
      method: "PATCH",
      json: { attributes: { spend: null } },
    });
    const changed = await call(t, "/attributes/spend", { method: "PATCH", json: { type: "text" } });
    expect([changed.status, changed.json.type]).toEqual([200, "text"]);
    expect((await call(t, "/attributes/nope", { method: "PATCH", json: { label: "x" } })).status).toBe(404);
  });

  it("deletes a definition and its key from every profile", async () => {
    expect((await call(t, "/attributes/vip", { method: "DELETE" })).status).toBe(204);
    expect((await stored(t, phone(1)))?.attributes).not.toHaveProperty("vip");
    expect((await call(t, "/attributes/vip", { method: "DELETE" })).status).toBe(404);
    expect((await call(t, "/attributes/NOT VALID", { method: "DELETE" })).status).toBe(404);
  });
});

describe("audiences API: a subscriber's tags", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
    await upload(t, [{ phone: phone(1), countrycode: "IN" }]);
  });

  it("adds by name (creating unknown names) and removes by name, repeats taken once", async () => {
    const added = await call(t, `/subscribers/${phone(1)}/tags`, {
      method: "PATCH",
      json: { add: ["VIP", "vip", "New"] },
    });
    expect(added.status).toBe(200);
    expect(added.json.tags.map((x: { name: string; colour: string }) => [x.name, x.colour])).toEqual([
      ["New", "gray"],
      ["VIP", "gray"],
    ]);
    const removed = await call(t, `/subscribers/${phone(1)}/tags`, {
      method: "PATCH",
      json: { remove: ["new", "Unknown"] },
    });
    expect(removed.json.tags.map((x: { name: string }) => x.name)).toEqual(["VIP"]);
    expect((await call(t, "/tags")).json.tags.map((x: { name: string }) => x.name)).toEqual(["New", "VIP"]);
  });

  it("answers 400 for an empty change, a tag both added and removed, a bad number; 404 for no profile", async () => {
    const path = `/subscribers/${phone(1)}/tags`;
    expect((await call(t, path, { method: "PATCH", json: {} })).json.error.message).toMatch(
      /Send add or remove/,
    );
    expect((await call(t, path, { method: "PATCH", json: { add: ["a"], remove: ["A"] } })).status).toBe(400);
    const bad = await call(t, "/subscribers/12/tags", { method: "PATCH", json: { add: ["a"] } });
    expect([bad.status, bad.json.error.details[0].path]).toEqual([400, "phone"]);
    expect((await call(t, `/subscribers/${phone(99)}`)).status).toBe(404);
    expect(
      (await call(t, `/subscribers/${phone(99)}/tags`, { method: "PATCH", json: { add: ["a"] } })).status,
    ).toBe(404);
  });
});

describe("audiences API: bulk", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
    await defineAttributes(t);
    await upload(
      t,
      Array.from({ length: 5 }, (_, i) => ({ phone: phone(i), countrycode: "IN" })),
    );
  });

  it("adds a tag with an outcome per number: updated, not found, invalid with the reason", async () => {
    const res = await call(t, "/subscribers/bulk", {
      json: {
        action: "add_tag",
        tag: "Diwali",
        phones: [phone(0), `+${phone(1)}`, phone(77), "12", phone(0)],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 5, updated: 3, notFound: 1, invalid: 1 });
    expect(res.json.results).toEqual([
      { index: 0, phone: phone(0), status: "updated" },
      { index: 1, phone: `+${phone(1)}`, status: "updated" },
      { index: 2, phone: phone(77), status: "not_found" },
      { index: 3, phone: "12", status: "invalid", reason: expect.stringMatching(/Not a valid phone number/) },
      { index: 4, phone: phone(0), status: "updated" },
    ]);
    expect((await call(t, "/tags")).json.tags).toEqual([
      expect.objectContaining({ name: "Diwali", count: 2 }),
    ]);
    const removed = await call(t, "/subscribers/bulk", {
      json: { action: "remove_tag", tag: "diwali", phones: [phone(0), phone(2)] },
    });
    expect(removed.json).toMatchObject({ updated: 2, notFound: 0, invalid: 0 });
    expect((await call(t, "/tags")).json.tags[0].count).toBe(1);
  });

  it("sets and removes an attribute for many; a value that does not fit is a 400 naming the key", async () => {
    const phones = Array.from({ length: 5 }, (_, i) => phone(i));
    const set = await call(t, "/subscribers/bulk", {
      json: { action: "set_attribute", key: "plan", value: "silver", phones },
    });
    expect(set.json).toMatchObject({ total: 5, updated: 5 });
    expect((await stored(t, phone(3)))?.attributes).toEqual({ plan: "Silver" });
    const bad = await call(t, "/subscribers/bulk", {
      json: { action: "set_attribute", key: "plan", value: "Bronze", phones },
    });
    expect([bad.status, bad.json.error.message]).toEqual([
      400,
      "Invalid request: plan: Must be one of: Gold, Silver",
    ]);
    const unknown = await call(t, "/subscribers/bulk", {
      json: { action: "set_attribute", key: "nope", value: 1, phones },
    });
    expect(unknown.json.error.message).toMatch(/nope: No attribute/);
    const cleared = await call(t, "/subscribers/bulk", {
      json: { action: "set_attribute", key: "plan", value: null, phones },
    });
    expect(cleared.json.updated).toBe(5);
    expect((await stored(t, phone(3)))?.attributes).toEqual({});
  });

  it("takes 10,000 numbers and refuses 10,001 (400 naming the limit)", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => phone(i));
    const res = await call(t, "/subscribers/bulk", {
      json: { action: "add_tag", tag: "Many", phones: many },
    });
    expect(res.json).toMatchObject({ total: 10_000, updated: 5, notFound: 9_995, invalid: 0 });
    const over = await call(t, "/subscribers/bulk", {
      json: { action: "add_tag", tag: "Many", phones: [...many, phone(1)] },
    });
    expect([over.status, over.json.error.message]).toEqual([
      400,
      "Invalid request: phones: At most 10000 phone numbers per call",
    ]);
    expect((await call(t, "/subscribers/bulk", { json: { action: "tag", phones: [] } })).status).toBe(400);
  });
});

describe("F1 with tags and attributes", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
    await defineAttributes(t);
  });

  it("answers a vendor client's body without the extras byte for byte as before, and stores nothing more", async () => {
    const res = await upload(t, [
      { phone: "9810000101", countrycode: "IN", name: "Asha", dob: "21/04/1993" },
      { phone: "1" },
    ]);
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '{"status":"success with errors","total":2,"uploaded":1,"rejected":1,"errors":[{"index":1,"reason":"countrycode: Required: a two-letter country code (this business has no default country)"}]}',
    );
    expect(await stored(t, "919810000101")).toMatchObject({ name: "Asha", attributes: {} });
    expect((await call(t, "/tags")).json.tags).toEqual([]);
  });

  it("stores tags (adding, never removing) and attributes by type, merged on re-upload", async () => {
    const res = await upload(t, [
      { phone: "9810000102", countrycode: "IN", tags: ["VIP"], attributes: { plan: "gold", spend: 10 } },
      { phone: "9810000103", countrycode: "IN", tags: [], attributes: {} },
    ]);
    expect(res.json).toEqual({ status: "success", total: 2, uploaded: 2, rejected: 0, errors: [] });
    const again = await upload(t, [
      {
        phone: "9810000102",
        countrycode: "IN",
        tags: ["New"],
        attributes: { spend: 20, plan: null, renewal: "2027-02-01" },
      },
    ]);
    expect(again.json.uploaded).toBe(1);
    const view = await call(t, "/subscribers/919810000102");
    expect(view.json.tags.map((x: { name: string }) => x.name)).toEqual(["New", "VIP"]);
    expect(view.json.attributes).toEqual({ spend: 20, renewal: "2027-02-01" });
    expect((await stored(t, "919810000103"))?.attributes).toEqual({});
  });

  it("rejects a record whose extras do not fit, by index and with the key, and keeps the others", async () => {
    const res = await upload(t, [
      { phone: "9810000104", countrycode: "IN", attributes: { plan: "Bronze" } },
      { phone: "9810000105", countrycode: "IN", attributes: { unknown_key: 1 } },
      { phone: "9810000106", countrycode: "IN", tags: "VIP" },
      { phone: "9810000107", countrycode: "IN", attributes: ["x"] },
      { phone: "9810000108", countrycode: "IN", tags: [""], attributes: { vip: true } },
      { phone: "9810000109", countrycode: "IN", attributes: { vip: false } },
    ]);
    expect(res.json).toMatchObject({ status: "success with errors", total: 6, uploaded: 1, rejected: 5 });
    expect(res.json.errors).toEqual([
      { index: 0, reason: "attributes: plan: Must be one of: Gold, Silver" },
      { index: 1, reason: "attributes: unknown_key: No attribute with this key is defined" },
      { index: 2, reason: "tags: Must be an array of tag names" },
      { index: 3, reason: "attributes: Must be an object of values by attribute key" },
      { index: 4, reason: "tags.0: Must not be empty" },
    ]);
    expect(await stored(t, "919810000104")).toBeUndefined();
    expect((await stored(t, "919810000109"))?.attributes).toEqual({ vip: false });
  });
});

describe("F1 with extras at its limit, and deleting a profile", () => {
  it("tags and sets attributes on 1,000 profiles in one call; a deleted profile leaves its tags", async () => {
    const t = await createTestBusiness();
    await defineAttributes(t);
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      phone: phone(i),
      countrycode: "IN",
      tags: ["Bulk", i % 2 ? "Odd" : "Even"],
      attributes: { spend: i, plan: i % 2 ? null : "Gold" },
    }));
    expect((await upload(t, batch)).json).toMatchObject({ status: "success", uploaded: 1000 });
    expect((await upload(t, batch)).json).toMatchObject({ status: "success", uploaded: 1000 });
    const counts = Object.fromEntries(
      (await call(t, "/tags")).json.tags.map((x: { name: string; count: number }) => [x.name, x.count]),
    );
    expect(counts).toEqual({ Bulk: 1000, Even: 500, Odd: 500 });
    expect((await stored(t, phone(2)))?.attributes).toEqual({ spend: 2, plan: "Gold" });
    expect((await stored(t, phone(3)))?.attributes).toEqual({ spend: 3 });

    await deleteProfile(systemCtx("test"), t.business.id, (await stored(t, phone(0)))!.id);
    expect((await call(t, "/tags")).json.tags[0]).toMatchObject({ name: "Bulk", count: 999 });
  });
});

describe("tenant isolation", () => {
  it("another business's key cannot see or change this business's tags, attributes or subscribers", async () => {
    const [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    await defineAttributes(a);
    const tag = (await call(a, "/tags", { json: { name: "Secret" } })).json;
    await upload(a, [{ phone: phone(1), countrycode: "IN", tags: ["Secret"], attributes: { plan: "Gold" } }]);

    const asB = (path: string, init: { method?: string; json?: unknown } = {}) =>
      api(`${base(b, a)}${path}`, { headers: key(b), ...init });
    for (const res of [
      await asB("/tags"),
      await asB("/attributes"),
      await asB(`/subscribers/${phone(1)}`),
      await asB(`/tags/${tag.id}`, { method: "DELETE" }),
      await asB("/subscribers/bulk", { json: { action: "add_tag", tag: "X", phones: [phone(1)] } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.text).not.toContain("Secret");
    }
    // On its own path, B sees none of A's records.
    expect((await call(b, "/tags")).json.tags).toEqual([]);
    expect((await call(b, "/attributes")).json.attributes).toEqual([]);
    expect((await call(b, `/subscribers/${phone(1)}`)).status).toBe(404);
    expect((await call(b, `/tags/${tag.id}`, { method: "PATCH", json: { name: "Mine" } })).status).toBe(404);
    expect((await call(b, `/tags/${tag.id}`, { method: "DELETE" })).status).toBe(404);
    const bulk = await call(b, "/subscribers/bulk", {
      json: { action: "remove_tag", tag: "Secret", phones: [phone(1)] },
    });
    expect(bulk.json.results[0].status).toBe("not_found");
    // B's F1 with A's attribute key is refused: definitions are per business.
    const f1 = await upload(b, [{ phone: phone(1), countrycode: "IN", attributes: { plan: "Gold" } }]);
    expect(f1.json.errors[0].reason).toMatch(/plan: No attribute/);
    expect((await call(a, `/subscribers/${phone(1)}`)).json).toMatchObject({
      tags: [expect.objectContaining({ name: "Secret" })],
      attributes: { plan: "Gold" },
    });
  });
});
