import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const call = (t: TestBusiness, path: string, init: { method?: string; json?: unknown } = {}) =>
  api(`/api/v3/audiences/${t.business.id}${path}`, { headers: { "x-api-key": t.apiKey }, ...init });
const one = (...conditions: unknown[]) => ({ match: "all", groups: [{ match: "all", conditions }] });
const phone = (prefix: string, i: number) => `91${prefix}${String(i).padStart(5, "0")}`;

/** Five profiles: 1-3 tagged VIP, 2-4 Trial; plan Gold for 1 and 2, Silver for 3. */
async function audience(t: TestBusiness, prefix: string) {
  const defs = [
    { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
    { key: "spend", label: "Spend", type: "number" },
  ];
  for (const d of defs) expect((await call(t, "/attributes", { json: d })).status).toBe(201);
  const profile = [1, 2, 3, 4, 5].map((i) => ({
    phone: phone(prefix, i),
    countrycode: "IN",
    tags: [...(i <= 3 ? ["VIP"] : []), ...(i >= 2 && i <= 4 ? ["Trial"] : [])],
    attributes: { ...(i <= 3 ? { plan: i === 3 ? "Silver" : "Gold" } : {}), spend: i * 100 },
  }));
  const up = await api("/api/v3/profile/upload", { headers: { "x-api-key": t.apiKey }, json: { profile } });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const tags = (await call(t, "/tags")).json.tags as { id: string; name: string }[];
  return Object.fromEntries(tags.map((x) => [x.name, x.id])) as Record<string, string>;
}

async function segment(t: TestBusiness, name: string, definition: unknown): Promise<string> {
  const res = await call(t, "/segments", { json: { name, definition } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

const count = async (t: TestBusiness, id: string) => {
  const res = await call(t, `/segments/${id}/count`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.count as number;
};

describe("segments follow tag and attribute edits", () => {
  it("a tag rename rewrites the segments naming it, in any case, and their counts stay", async () => {
    const t = await createTestBusiness();
    const tags = await audience(t, "98301");
    const vip = await segment(t, "VIP", one({ kind: "tags", op: "any_of", tags: ["vip"] }));
    const both = await segment(
      t,
      "VIP and Trial",
      one(
        { kind: "tags", op: "all_of", tags: ["Trial", "VIP"] },
        { kind: "attribute", key: "spend", op: "greater", value: 150 },
      ),
    );
    const none = await segment(t, "Not VIP", one({ kind: "tags", op: "none_of", tags: ["VIP"] }));
    const other = await segment(t, "Trial", one({ kind: "tags", op: "any_of", tags: ["Trial"] }));
    const before = [await count(t, vip), await count(t, both), await count(t, none), await count(t, other)];
    expect(before).toEqual([3, 2, 2, 3]);
    const otherBefore = (await call(t, `/segments/${other}`)).json;

    const renamed = await call(t, `/tags/${tags.VIP}`, { method: "PATCH", json: { name: "Gold members" } });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);

    expect([await count(t, vip), await count(t, both), await count(t, none), await count(t, other)]).toEqual(
      before,
    );
    expect((await call(t, `/segments/${vip}`)).json.definition.groups[0].conditions[0].tags).toEqual([
      "Gold members",
    ]);
    expect((await call(t, `/segments/${both}`)).json.definition.groups[0].conditions[0].tags).toEqual([
      "Trial",
      "Gold members",
    ]);
    // A segment that does not name the tag is not touched, its updated time neither.
    expect((await call(t, `/segments/${other}`)).json).toEqual(otherBefore);

    // A change of case only, and a recolour, keep them matching too.
    expect(
      (await call(t, `/tags/${tags.VIP}`, { method: "PATCH", json: { name: "GOLD MEMBERS" } })).status,
    ).toBe(200);
    expect((await call(t, `/tags/${tags.VIP}`, { method: "PATCH", json: { colour: "red" } })).status).toBe(
      200,
    );
    expect((await call(t, `/segments/${vip}`)).json.definition.groups[0].conditions[0].tags).toEqual([
      "GOLD MEMBERS",
    ]);
    expect(await count(t, vip)).toBe(3);
  });

  it("a rename refused (the name is taken) rewrites nothing", async () => {
    const t = await createTestBusiness();
    const tags = await audience(t, "98302");
    const vip = await segment(t, "VIP", one({ kind: "tags", op: "any_of", tags: ["VIP"] }));
    const res = await call(t, `/tags/${tags.VIP}`, { method: "PATCH", json: { name: "trial" } });
    expect(res.status).toBe(409);
    expect((await call(t, `/segments/${vip}`)).json.definition.groups[0].conditions[0].tags).toEqual(["VIP"]);
    expect(await count(t, vip)).toBe(3);
  });

  it("refuses to delete a tag a segment names, with a 409 naming the segments", async () => {
    const t = await createTestBusiness();
    const tags = await audience(t, "98303");
    const a = await segment(t, "VIP buyers", one({ kind: "tags", op: "any_of", tags: ["vip"] }));
    await segment(t, "Anyone but VIP", one({ kind: "tags", op: "none_of", tags: ["Trial", "VIP"] }));

    const refused = await call(t, `/tags/${tags.VIP}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "conflict",
      message:
        "The tag VIP is used by the 2 segments 'Anyone but VIP' and 'VIP buyers': take it out of their definitions (or delete them) first",
      details: [
        { path: "segments", message: "Anyone but VIP" },
        { path: "segments", message: "VIP buyers" },
      ],
    });
    expect(refused.json.error.requestId).toBeTruthy();
    // Nothing changed: the tag is still on its profiles and the segments still count.
    expect((await call(t, "/tags")).json.tags.find((x: { name: string }) => x.name === "VIP").count).toBe(3);
    expect(await count(t, a)).toBe(3);

    // Once no segment names it, the delete goes through.
    expect((await call(t, `/segments/${a}`, { method: "DELETE" })).status).toBe(204);
    const still = await call(t, `/tags/${tags.VIP}`, { method: "DELETE" });
    expect(still.json.error.message).toContain("the segment 'Anyone but VIP':");
    const redefined = await call(t, `/segments/${(await call(t, "/segments")).json.segments[0].id}`, {
      method: "PATCH",
      json: { definition: one({ kind: "tags", op: "none_of", tags: ["Trial"] }) },
    });
    expect(redefined.status).toBe(200);
    expect((await call(t, `/tags/${tags.VIP}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(t, `/tags/${tags.Trial}`, { method: "DELETE" })).status).toBe(409);
  });

  it("refuses to delete an attribute a segment has a condition on, and a change the condition would not fit", async () => {
    const t = await createTestBusiness();
    await audience(t, "98304");
    const gold = await segment(
      t,
      "Gold",
      one({ kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] }),
    );
    const big = await segment(
      t,
      "Big spenders",
      one({ kind: "attribute", key: "spend", op: "greater", value: 250 }),
    );

    const del = await call(t, "/attributes/plan", { method: "DELETE" });
    expect(del.status).toBe(409);
    expect(del.json.error.message).toBe(
      "The attribute plan is used by the segment 'Gold': take its conditions out of their definitions (or delete them) first",
    );
    expect(del.json.error.details).toEqual([{ path: "segments", message: "Gold" }]);

    // Dropping a choice no profile holds but a segment names is refused; one none names is not.
    await segment(t, "Silver", one({ kind: "attribute", key: "plan", op: "any_of", value: ["silver"] }));
    await call(t, "/subscribers/bulk", {
      json: { action: "set_attribute", key: "plan", value: null, phones: [phone("98304", 3)] },
    });
    const drop = await call(t, "/attributes/plan", {
      method: "PATCH",
      json: { choices: ["Gold", "Bronze"] },
    });
    expect(drop.status).toBe(409);
    expect(drop.json.error.details).toEqual([{ path: "segments", message: "Silver" }]);
    const keep = await call(t, "/attributes/plan", {
      method: "PATCH",
      json: { choices: ["Gold", "Silver", "Bronze"] },
    });
    expect(keep.status, JSON.stringify(keep.json)).toBe(200);
    expect(await count(t, gold)).toBe(2);

    // A type change the segment's operator does not fit: refused even with no value stored.
    await call(t, "/subscribers/bulk", {
      json: {
        action: "set_attribute",
        key: "spend",
        value: null,
        phones: [1, 2, 3, 4, 5].map((i) => phone("98304", i)),
      },
    });
    const retype = await call(t, "/attributes/spend", { method: "PATCH", json: { type: "text" } });
    expect(retype.status).toBe(409);
    expect(retype.json.error.message).toContain("the segment 'Big spenders'");
    expect(
      (await call(t, "/attributes/spend", { method: "PATCH", json: { label: "Total spend" } })).status,
    ).toBe(200);
    expect(await count(t, big)).toBe(0);

    expect((await call(t, `/segments/${big}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(t, "/attributes/spend", { method: "PATCH", json: { type: "text" } })).status).toBe(
      200,
    );
    expect((await call(t, "/attributes/spend", { method: "DELETE" })).status).toBe(204);
    expect((await call(t, "/attributes/nope", { method: "DELETE" })).status).toBe(404);
  });

  it("one business's rename or delete never touches or is refused by another's segments", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const tagsA = await audience(a, "98305");
    await audience(b, "98306");
    const inB = await segment(
      b,
      "VIP",
      one({ kind: "tags", op: "any_of", tags: ["VIP"] }, { kind: "attribute", key: "plan", op: "is_set" }),
    );
    const before = (await call(b, `/segments/${inB}`)).json;
    expect(await count(b, inB)).toBe(3);

    expect((await call(a, `/tags/${tagsA.VIP}`, { method: "PATCH", json: { name: "Renamed" } })).status).toBe(
      200,
    );
    expect((await call(b, `/segments/${inB}`)).json).toEqual(before);
    expect(await count(b, inB)).toBe(3);
    // A's delete of its own tag and attribute is not refused by B's segment naming the same.
    expect((await call(a, `/tags/${tagsA.VIP}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(a, "/attributes/plan", { method: "DELETE" })).status).toBe(204);
    expect((await call(b, `/segments/${inB}`)).json).toEqual(before);
    expect(await count(b, inB)).toBe(3);
    // Another business's tag id is a 404, as before.
    expect((await call(b, `/tags/${tagsA.Trial}`, { method: "DELETE" })).status).toBe(404);
  });
});
