import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { createTestPromotion } from "@/test/promotions";

const base = (t: TestBusiness) => `/api/v3/audiences/${t.business.id}`;
const call = (t: TestBusiness, path: string, init: { method?: string; json?: unknown } = {}) =>
  api(`${base(t)}${path}`, { headers: { "x-api-key": t.apiKey }, ...init });
const phone = (i: number) => `9198200${String(i).padStart(5, "0")}`;
const UAE = "971501234567";
const one = (condition: unknown) => ({ match: "all", groups: [{ match: "all", conditions: [condition] }] });

/** The phones a definition matches now (the live count's sample is the first 10 by id). */
async function matches(t: TestBusiness, definition: unknown): Promise<string[]> {
  const res = await call(t, "/segments/count", { json: { definition } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.sample.length).toBe(Math.min(res.json.count, 10));
  return (res.json.sample as { phone: string }[]).map((s) => s.phone).sort();
}

async function defineAudience(t: TestBusiness) {
  const defs = [
    { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
    { key: "renewal", label: "Renewal", type: "date" },
    { key: "spend", label: "Spend", type: "number" },
    { key: "vip", label: "VIP", type: "boolean" },
    { key: "note", label: "Note", type: "text" },
  ];
  for (const d of defs) expect((await call(t, "/attributes", { json: d })).status).toBe(201);
  const today = new Date().toISOString().slice(0, 10);
  const profile = [
    {
      phone: phone(1),
      countrycode: "IN",
      name: "Asha",
      city: "Pune",
      age: 30,
      dob: "01/02/1990",
      tags: ["VIP", "Trial"],
      attributes: { plan: "Gold", spend: 120.5, vip: true, note: "likes 50% off", renewal: today },
    },
    {
      phone: phone(2),
      countrycode: "IN",
      name: "Ravi",
      city: "Mumbai",
      age: 45,
      tags: ["VIP"],
      attributes: { plan: "Silver", spend: 20, vip: false, renewal: "2020-01-01" },
    },
    {
      phone: phone(3),
      countrycode: "IN",
      name: "Meera",
      city: "pune",
      gender: "F",
      attributes: { spend: 500 },
    },
    { phone: UAE, countrycode: "AE", name: "Omar" },
  ];
  const up = await api("/api/v3/profile/upload", { headers: { "x-api-key": t.apiKey }, json: { profile } });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
}

describe("segments API", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
    await defineAudience(t);
  });

  it("creates, lists, gets, renames, redefines and deletes a segment", async () => {
    const definition = one({ kind: "field", field: "city", op: "equals", value: "Pune" });
    const created = await call(t, "/segments", { json: { name: "Pune", definition } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ name: "Pune", definition });
    const id = created.json.id as string;
    expect((await call(t, "/segments", { json: { name: "pune", definition } })).status).toBe(409);
    expect((await call(t, "/segments")).json.segments.map((s: { name: string }) => s.name)).toEqual(["Pune"]);
    expect((await call(t, `/segments/${id}`)).json.id).toBe(id);
    expect((await call(t, `/segments/${id}/count`)).json.count).toBe(2);

    const renamed = await call(t, `/segments/${id}`, {
      method: "PATCH",
      json: { name: "Pune 30+", definition: one({ kind: "field", field: "age", op: "greater", value: 29 }) },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe("Pune 30+");
    expect((await call(t, `/segments/${id}/count`)).json.count).toBe(2);
    expect((await call(t, `/segments/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(t, `/segments/${id}`)).status).toBe(404);
  });

  it("answers 400 naming the path for what does not fit the business", async () => {
    const cases: [unknown, string][] = [
      [one({ kind: "attribute", key: "nope", op: "is_set" }), "definition.groups.0.conditions.0.key"],
      [
        one({ kind: "attribute", key: "note", op: "greater", value: 3 }),
        "definition.groups.0.conditions.0.op",
      ],
      [
        one({ kind: "attribute", key: "spend", op: "less", value: "ten" }),
        "definition.groups.0.conditions.0.value",
      ],
      [
        one({ kind: "attribute", key: "vip", op: "is", value: "yes" }),
        "definition.groups.0.conditions.0.value",
      ],
      [one({ kind: "tags", op: "any_of", tags: ["Nope"] }), "definition.groups.0.conditions.0.tags.0"],
      [one({ kind: "field", field: "planet", op: "is_set" }), "definition.groups.0.conditions.0.field"],
      [one({ kind: "wish" }), "definition.groups.0.conditions.0.kind"],
      [{ groups: [] }, "definition.groups"],
    ];
    for (const [definition, path] of cases) {
      for (const res of [
        await call(t, "/segments", { json: { name: "Bad", definition } }),
        await call(t, "/segments/count", { json: { definition } }),
      ]) {
        expect(res.status, path).toBe(400);
        expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
        expect(res.json.error.message).toContain(path);
      }
    }
    const many = {
      groups: Array.from({ length: 11 }, () => ({ conditions: [{ kind: "consent", state: "opted_out" }] })),
    };
    expect((await call(t, "/segments/count", { json: { definition: many } })).status).toBe(400);
  });

  it("matches each kind of condition against real rows", async () => {
    const [p1, p2, p3, p4] = [phone(1), phone(2), phone(3), UAE];
    const field = (f: string, op: string, value?: unknown) => one({ kind: "field", field: f, op, value });
    const attr = (key: string, op: string, value?: unknown) => one({ kind: "attribute", key, op, value });
    // Profile fields.
    expect(await matches(t, field("city", "equals", "PUNE"))).toEqual([p1, p3]);
    expect(await matches(t, field("name", "contains", "av"))).toEqual([p2]);
    expect(await matches(t, field("country", "any_of", ["ae"]))).toEqual([p4]);
    expect(await matches(t, field("gender", "is_set"))).toEqual([p3]);
    expect(await matches(t, field("age", "less", 40))).toEqual([p1]);
    expect(await matches(t, field("dob", "before", "1995-01-01"))).toEqual([p1]);
    expect(await matches(t, field("subscribed", "within_last_days", 1))).toEqual([p1, p2, p3, p4]);
    expect(await matches(t, field("subscribed", "before", "2000-01-01"))).toEqual([]);
    // Attributes by type.
    expect(await matches(t, attr("note", "contains", "50%"))).toEqual([p1]);
    expect(await matches(t, attr("note", "contains", "5_%"))).toEqual([]);
    expect(await matches(t, attr("spend", "greater", 100))).toEqual([p1, p3]);
    expect(await matches(t, attr("spend", "equals", 20))).toEqual([p2]);
    expect(await matches(t, attr("renewal", "within_last_days", 7))).toEqual([p1]);
    expect(await matches(t, attr("renewal", "before", "2021-01-01"))).toEqual([p2]);
    expect(await matches(t, attr("vip", "is", false))).toEqual([p2]);
    expect(await matches(t, attr("plan", "any_of", ["gold", "Silver"]))).toEqual([p1, p2]);
    expect(await matches(t, attr("plan", "not_set"))).toEqual([p3, p4]);
    // Tags.
    expect(await matches(t, one({ kind: "tags", op: "any_of", tags: ["trial", "VIP"] }))).toEqual([p1, p2]);
    expect(await matches(t, one({ kind: "tags", op: "all_of", tags: ["trial", "VIP"] }))).toEqual([p1]);
    expect(await matches(t, one({ kind: "tags", op: "none_of", tags: ["VIP"] }))).toEqual([p3, p4]);
    // AND / OR.
    expect(
      await matches(t, {
        match: "any",
        groups: [
          {
            match: "all",
            conditions: [
              { kind: "field", field: "city", op: "equals", value: "pune" },
              { kind: "attribute", key: "spend", op: "greater", value: 200 },
            ],
          },
          { match: "any", conditions: [{ kind: "field", field: "country", op: "equals", value: "AE" }] },
        ],
      }),
    ).toEqual([p3, p4]);
  });

  it("matches activity, consent and RCS capability", async () => {
    const [p1, p2, p3, p4] = [phone(1), phone(2), phone(3), UAE];
    const b = t.business.id;
    const promo = await createTestPromotion(t, { phones: [p1, p2, p3] });
    const old = new Date(Date.now() - 30 * 86_400_000);
    const sent = async (p: string, state: string, at: Date, interacted = false) => {
      const messageId = uuidv7();
      await rawQuery(
        db(),
        `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type, content, message_ref, provider, created_at)
         VALUES ($1, $2, $3, 'chatapp', 's', $4, 'template', '{}', 'ref', 'test', $5)`,
        [messageId, b, uuidv7(), p, at],
      );
      await rawQuery(
        db(),
        "UPDATE promotion_recipients SET state = $3, message_id = $4, interacted = $5 WHERE promotion_id = $1 AND phone = $2",
        [promo.id, p, state, messageId, interacted],
      );
    };
    await sent(p1, "read", new Date(), true);
    await sent(p2, "delivered", old);
    await rawQuery(
      db(),
      `INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, clicked_at, agent_class)
       VALUES ($1, $2, 'c1', $3, $4, now(), 'human'), ($5, $2, 'c2', $3, $6, now(), 'preview')`,
      [uuidv7(), b, promo.id, p2, uuidv7(), p3],
    );
    const activity = (event: string, extra: object = {}) => one({ kind: "activity", event, ...extra });
    expect(await matches(t, activity("received", { promotionId: promo.id }))).toEqual([p1, p2]);
    expect(await matches(t, activity("received", { withinDays: 7 }))).toEqual([p1]);
    expect(await matches(t, activity("received", { op: "did_not" }))).toEqual([p3, p4]);
    expect(await matches(t, activity("read"))).toEqual([p1]);
    expect(await matches(t, activity("replied"))).toEqual([p1]);
    expect(await matches(t, activity("clicked"))).toEqual([p2]);
    expect(await matches(t, activity("clicked", { promotionId: promo.id, withinDays: 1 }))).toEqual([p2]);

    await rawQuery(db(), "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [b, p3]);
    const consent = async (p: string, action: string, at: Date) =>
      rawQuery(
        db(),
        `INSERT INTO consent_events (id, business_id, phone, channel, kind, action, source, occurred_at)
         VALUES ($1, $2, $3, 'all', 'marketing', $4, 'api', $5)`,
        [uuidv7(), b, p, action, at],
      );
    await consent(p1, "opt_in", old);
    await consent(p2, "opt_in", old);
    await consent(p2, "opt_out", new Date());
    expect(await matches(t, one({ kind: "consent", state: "opted_out" }))).toEqual([p3]);
    expect(await matches(t, one({ kind: "consent", state: "not_opted_out" }))).toEqual([p1, p2, p4]);
    expect(await matches(t, one({ kind: "consent", state: "marketing_opt_in" }))).toEqual([p1]);
    expect(await matches(t, one({ kind: "consent", state: "no_marketing_opt_in" }))).toEqual([p2, p3, p4]);

    // RCS: p1 reached over RCS, p2 found not capable, p3 through the fallback, p4 never tried.
    const rcs = uuidv7();
    await rawQuery(
      db(),
      `INSERT INTO promotions (id, business_id, kind, name, channel_type, status) VALUES ($1, $2, 'rcs_campaign', 'rcs', 'rcs', 'Completed')`,
      [rcs, b],
    );
    await rawQuery(
      db(),
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, state, via_fallback, message_id)
       VALUES ($1, 1, $2, $3, 'delivered', false, $6), ($1, 2, $2, $4, 'non_rcs', false, NULL), ($1, 3, $2, $5, 'sent', true, $7)`,
      [rcs, b, p1, p2, p3, uuidv7(), uuidv7()],
    );
    expect(await matches(t, one({ kind: "channel", rcs: "capable" }))).toEqual([p1]);
    expect(await matches(t, one({ kind: "channel", rcs: "not_capable" }))).toEqual([p2, p3]);
    expect(await matches(t, one({ kind: "channel", rcs: "unknown" }))).toEqual([p4]);
  });

  it("pages a segment's subscribers by keyset", async () => {
    const created = await call(t, "/segments", {
      json: { name: "Everyone", definition: one({ kind: "field", field: "phone", op: "is_set" }) },
    });
    const id = created.json.id as string;
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5 && (i === 0 || after); i++) {
      const page = await call(t, `/segments/${id}/subscribers?limit=3${after ? `&after=${after}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.json.subscribers.map((s: { phone: string }) => s.phone));
      after = page.json.next;
    }
    expect(seen.sort()).toEqual([phone(1), phone(2), phone(3), UAE]);
    expect((await call(t, `/segments/${id}/subscribers?limit=0`)).status).toBe(400);
    expect((await call(t, `/segments/${id}/subscribers?after=nope`)).status).toBe(400);
  });

  it("keeps each business to its own segments", async () => {
    const other = await createTestBusiness();
    const created = await call(t, "/segments", {
      json: { name: "Mine", definition: one({ kind: "consent", state: "not_opted_out" }) },
    });
    const id = created.json.id as string;
    for (const [method, path] of [
      ["GET", `/segments/${id}`],
      ["GET", `/segments/${id}/count`],
      ["GET", `/segments/${id}/subscribers`],
      ["DELETE", `/segments/${id}`],
    ] as const) {
      expect((await call(other, path, { method })).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(other, `/segments/${id}`, { method: "PATCH", json: { name: "Theirs" } })).status).toBe(
      404,
    );
    expect((await call(other, "/segments")).json.segments).toEqual([]);
    // Their count sees none of this business's subscribers.
    expect(
      (
        await call(other, "/segments/count", {
          json: { definition: one({ kind: "field", field: "phone", op: "is_set" }) },
        })
      ).json.count,
    ).toBe(0);
    // Another business's key on this business's path is a 401.
    const wrongKey = await api(`${base(t)}/segments/${id}`, { headers: { "x-api-key": other.apiKey } });
    expect(wrongKey.status).toBe(401);
  });
});
