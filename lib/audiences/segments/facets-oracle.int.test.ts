import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { pool } from "@/lib/db/pool";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";
import { createTestBusiness } from "@/test/factories";
import { facetsOutOfStep } from "@/test/facets-in-step";
import { createAttributeDefinition } from "../attribute-definitions";
import { createTag } from "../tags";
import { checkDefinition, type ResolvedCondition, type ResolvedDefinition } from "./check-definition";
import { SegmentDefinition } from "./definition";
import { countDefinition } from "./segment-matches";

const ctx = systemCtx("test");

/** A small seeded generator, so a failing case can be run again. */
const generator = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * The oracle: a definition as the compiler wrote it before profile_facets, over the profile's
 * own jsonb and uuid[] (the semantics every segment had), for the kinds this test draws.
 */
function oracleSql(d: ResolvedDefinition, params: unknown[]): string {
  const p = (v: unknown, cast = "") => (params.push(v), `$${params.length}${cast}`);
  const join = (xs: string[], m: "all" | "any") => `(${xs.join(m === "all" ? " AND " : " OR ")})`;
  const one = (c: ResolvedCondition): string => {
    if (c.kind === "field") return `lower(p.city) = lower(${p(c.value)})`;
    if (c.kind === "tags") {
      const ids = p(c.tagIds, "::uuid[]");
      return c.op === "any_of"
        ? `p.tag_ids && ${ids}`
        : c.op === "none_of"
          ? `NOT (p.tag_ids && ${ids})`
          : `p.tag_ids @> ${ids}`;
    }
    if (c.kind !== "attribute") throw new Error(c.kind);
    const key = p(c.key, "::text");
    const text = `(p.attributes ->> ${key})`;
    if (c.op === "is_set") return `p.attributes ? ${key}`;
    if (c.op === "not_set") return `NOT (p.attributes ? ${key})`;
    const num = `(CASE WHEN jsonb_typeof(p.attributes -> ${key}) = 'number' THEN ${text}::numeric END)`;
    const date = `(CASE WHEN ${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN ${text}::date END)`;
    switch (c.type) {
      case "number":
        if (c.op === "equals")
          return `p.attributes @> jsonb_build_object(${key}, ${p(c.value, "::numeric")})`;
        return `${num} ${c.op === "greater" ? ">" : "<"} ${p(c.value, "::numeric")}`;
      case "boolean":
        return `p.attributes @> jsonb_build_object(${key}, ${p(c.value, "::boolean")})`;
      case "choice": {
        const vs = c.value as string[];
        return vs.length === 1
          ? `p.attributes @> jsonb_build_object(${key}, ${p(vs[0], "::text")})`
          : `${text} = ANY(${p(vs, "::text[]")})`;
      }
      case "date":
        if (c.op === "before") return `${date} < ${p(c.value, "::date")}`;
        if (c.op === "after") return `${date} > ${p(c.value, "::date")}`;
        return `${date} BETWEEN current_date - ${p(c.value, "::int")} AND current_date`;
      default:
        if (c.op === "equals") return `lower(${text}) = lower(${p(c.value)})`;
        if (c.op === "contains")
          return `${text} ILIKE ${p(`%${String(c.value).replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`;
        return `lower(${text}) = ANY(${p(c.value, "::text[]")})`;
    }
  };
  return join(
    d.groups.map((g) => join(g.conditions.map(one), g.match)),
    d.match,
  );
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const notes = ["Éclair lover", "éclair", "PUNE office", "pune", "50%_off", "n/a", "Straße", "mixed Case"];
const cities = ["Pune", "pune", "Mumbai"];

describe("segments over profile_facets match what the profile's own values matched", () => {
  it("counts and samples every operator type as the jsonb predicate did, over random profiles and definitions", async () => {
    const rnd = generator(36);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const b = t.business.id;
    for (const biz of [b, other.business.id]) {
      await createAttributeDefinition(ctx, biz, {
        key: "plan",
        label: "Plan",
        type: "choice",
        choices: ["Gold", "Silver", "Bronze"],
      });
      await createAttributeDefinition(ctx, biz, { key: "spend", label: "Spend", type: "number" });
      await createAttributeDefinition(ctx, biz, { key: "note", label: "Note", type: "text" });
      await createAttributeDefinition(ctx, biz, { key: "vip", label: "VIP", type: "boolean" });
      await createAttributeDefinition(ctx, biz, { key: "renewal", label: "Renewal", type: "date" });
      for (const name of ["A", "B", "C"]) await createTag(ctx, biz, { name });
    }
    const record = (i: number) => {
      const attributes: Record<string, unknown> = {};
      if (rnd() < 0.7) attributes.plan = pick(["Gold", "silver", "Bronze"]);
      if (rnd() < 0.7) attributes.spend = pick([0, 5, 12.5, 100, 500, 501, -3, 999.99]);
      if (rnd() < 0.6) attributes.note = pick(notes);
      if (rnd() < 0.6) attributes.vip = rnd() < 0.5;
      if (rnd() < 0.6) attributes.renewal = day(Math.floor(rnd() * 60) - 30);
      const tags = ["A", "B", "C"].filter(() => rnd() < 0.35);
      return {
        phone: `9198${String(i).padStart(8, "0")}`,
        countrycode: "IN",
        city: pick(cities),
        ...(Object.keys(attributes).length ? { attributes } : {}),
        ...(tags.length ? { tags } : {}),
      };
    };
    const profiles = Array.from({ length: 300 }, (_, i) => record(i));
    await uploadProfiles(ctx, b, { profile: profiles });
    await uploadProfiles(ctx, other.business.id, { profile: profiles.slice(0, 100) });
    // Updates: new values, and values removed (null), for a third of them.
    await uploadProfiles(ctx, b, {
      profile: profiles.slice(0, 100).map((p, i) => ({
        ...record(i),
        phone: p.phone,
        attributes: { ...(record(i).attributes ?? {}), ...(i % 3 === 0 ? { spend: null, note: null } : {}) },
      })),
    });
    expect(await facetsOutOfStep(pool(), b)).toEqual([]);

    const condition = (): unknown => {
      const r = rnd();
      if (r < 0.25)
        return {
          kind: "tags",
          op: pick(["any_of", "all_of", "none_of"]),
          tags: ["A", "B", "C"]
            .filter(() => rnd() < 0.5)
            .concat("A")
            .slice(0, 2),
        };
      if (r < 0.3) return { kind: "field", field: "city", op: "equals", value: "PUNE" };
      const key = pick(["plan", "spend", "note", "vip", "renewal"]);
      if (rnd() < 0.15) return { kind: "attribute", key, op: pick(["is_set", "not_set"]) };
      switch (key) {
        case "plan":
          return { kind: "attribute", key, op: "any_of", value: rnd() < 0.5 ? ["gold"] : ["Gold", "SILVER"] };
        case "spend":
          return {
            kind: "attribute",
            key,
            op: pick(["equals", "greater", "less"]),
            value: pick([0, 12.5, 100, 500]),
          };
        case "note":
          return pick([
            { kind: "attribute", key, op: "equals", value: pick(["ÉCLAIR", "pune", "n/a"]) },
            { kind: "attribute", key, op: "contains", value: pick(["clair", "%_", "PUNE", "ß"]) },
            { kind: "attribute", key, op: "any_of", value: ["Éclair", "straße"] },
          ]);
        case "vip":
          return { kind: "attribute", key, op: "is", value: rnd() < 0.5 };
        default:
          return pick([
            { kind: "attribute", key, op: "before", value: day(-5) },
            { kind: "attribute", key, op: "after", value: day(3) },
            { kind: "attribute", key, op: "within_last_days", value: 10 },
          ]);
      }
    };
    let nonEmpty = 0;
    for (let n = 0; n < 150; n++) {
      const definition = SegmentDefinition.parse({
        match: pick(["all", "any"]),
        groups: Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
          match: pick(["all", "any"]),
          conditions: Array.from({ length: 1 + Math.floor(rnd() * 3) }, condition),
        })),
      });
      const resolved = await checkDefinition(ctx, b, definition);
      const params: unknown[] = [b];
      const where = oracleSql(resolved, params);
      const expected = await pool().query<{ id: string }>(
        `SELECT p.id FROM profiles p WHERE p.business_id = $1 AND ${where} ORDER BY p.id`,
        params,
      );
      const got = await countDefinition(ctx, b, definition);
      expect({ n, definition, count: got.count }).toEqual({ n, definition, count: expected.rows.length });
      expect(got.sample.map((s) => s.id)).toEqual(expected.rows.slice(0, 10).map((r) => r.id));
      if (got.count > 0) nonEmpty++;
    }
    // The draws are not all empty (nor all everyone): the comparison says something.
    expect(nonEmpty).toBeGreaterThan(50);
  });
});
