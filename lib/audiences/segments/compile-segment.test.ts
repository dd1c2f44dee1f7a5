import { describe, expect, it } from "vitest";
import { SegmentDefinition as Schema } from "./definition";
import { resolveDefinition, type SegmentVocabulary } from "./check-definition";
import { compileSegment, readsFacetsOnly } from "./compile-segment";

const TAG = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
const PROMO = "0193b6f2-8c1a-7cde-9f00-000000000001";
const vocabulary: SegmentVocabulary = {
  attributes: new Map([
    ["plan", { key: "plan", type: "choice", choices: ["Gold", "Silver"], slot: 1 }],
    ["spend", { key: "spend", type: "number", choices: null, slot: 2 }],
    ["note", { key: "note", type: "text", choices: null, slot: 3 }],
    ["vip", { key: "vip", type: "boolean", choices: null, slot: 4 }],
    ["renewal", { key: "renewal", type: "date", choices: null, slot: 5 }],
  ]),
  tags: new Map([["vip", TAG]]),
  promotions: new Set([PROMO]),
};
const compile = (d: unknown) =>
  compileSegment(resolveDefinition(Schema.parse(d), vocabulary), { business: "$1", firstParam: 2 });
const one = (condition: unknown, match = "all") => ({ match, groups: [{ match, conditions: [condition] }] });

describe("compileSegment", () => {
  it("puts every value in a parameter, never in the SQL text", () => {
    const evil = "x'; DROP TABLE profiles; --";
    const out = compile({
      groups: [
        {
          conditions: [
            { kind: "field", field: "city", op: "equals", value: evil },
            { kind: "attribute", key: "note", op: "contains", value: "50%_off" },
            { kind: "attribute", key: "spend", op: "greater", value: 100 },
          ],
        },
      ],
    });
    expect(out.sql).not.toContain("DROP");
    expect(out.sql).not.toContain("50%");
    expect(out.params).toEqual([evil, "%50\\%\\_off%", 100]);
    expect(out.sql).toBe("(lower(p.city) = lower($2) AND f.s3 LIKE lower($3::text) AND f.n2 > $4::numeric)");
  });

  it("joins groups and conditions by their match", () => {
    const out = compile({
      match: "any",
      groups: [
        {
          match: "all",
          conditions: [
            { kind: "field", field: "age", op: "greater", value: 30 },
            { kind: "field", field: "age", op: "less", value: 40 },
          ],
        },
        { conditions: [{ kind: "consent", state: "opted_out" }] },
      ],
    });
    expect(
      out.sql.startsWith("((p.age > $2::numeric AND p.age < $3::numeric) OR EXISTS (SELECT 1 FROM opt_outs"),
    ).toBe(true);
  });

  it("filters every subquery on the business", () => {
    for (const c of [
      { kind: "activity", event: "received", promotionId: PROMO, withinDays: 7 },
      { kind: "activity", event: "clicked", op: "did_not" },
      { kind: "consent", state: "marketing_opt_in" },
      { kind: "channel", rcs: "capable" },
    ]) {
      const { sql } = compile(one(c));
      const tables = sql.match(/FROM \w+ \w+/g) ?? [];
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables) {
        const alias = t.split(" ")[2];
        expect(sql).toContain(`${alias}.business_id = $1`);
      }
    }
  });

  it("reads tags from the profile's facets row, none when it has none (no subquery)", () => {
    const sql = (op: string) => compile(one({ kind: "tags", op, tags: ["VIP"] })).sql;
    expect([sql("any_of"), sql("all_of"), sql("none_of")]).toEqual([
      "f.tag_ids && $2::uuid[]",
      "f.tag_ids @> $2::uuid[]",
      "NOT coalesce(f.tag_ids && $2::uuid[], false)",
    ]);
    expect(compile(one({ kind: "tags", op: "any_of", tags: ["vip"] })).params).toEqual([[TAG]]);
  });

  it("reads an attribute from its slot's typed column, the choice as defined", () => {
    expect(compile(one({ kind: "attribute", key: "plan", op: "any_of", value: ["gold"] })).sql).toBe(
      "f.s1 = $2::text",
    );
    expect(compile(one({ kind: "attribute", key: "plan", op: "any_of", value: ["gold"] })).params).toEqual([
      "Gold",
    ]);
    expect(compile(one({ kind: "attribute", key: "vip", op: "is", value: true }))).toEqual({
      sql: "f.n4 = $2::numeric",
      params: [1],
    });
    expect(compile(one({ kind: "attribute", key: "renewal", op: "before", value: "2026-02-03" })).sql).toBe(
      "f.s5 < $2::text",
    );
  });

  it("counts over the facets alone only when no profile without tags or values can match", () => {
    const reads = (d: unknown) => readsFacetsOnly(resolveDefinition(Schema.parse(d), vocabulary));
    const vip = { kind: "tags", op: "any_of", tags: ["VIP"] };
    const noVip = { kind: "tags", op: "none_of", tags: ["VIP"] };
    const noPlan = { kind: "attribute", key: "plan", op: "not_set" };
    const city = { kind: "field", field: "city", op: "equals", value: "Pune" };
    expect(reads(one(vip))).toBe(true);
    expect(reads({ groups: [{ conditions: [vip, noPlan] }] })).toBe(true);
    expect(reads(one(noVip))).toBe(false);
    expect(reads({ groups: [{ match: "any", conditions: [vip, noPlan] }] })).toBe(false);
    expect(reads({ groups: [{ conditions: [vip, city] }] })).toBe(false);
  });

  it("refuses what does not fit, naming the path", () => {
    const bad: [unknown, string][] = [
      [{ kind: "attribute", key: "nope", op: "is_set" }, "definition.groups.0.conditions.0.key"],
      [{ kind: "attribute", key: "note", op: "greater", value: 1 }, "definition.groups.0.conditions.0.op"],
      [
        { kind: "attribute", key: "spend", op: "greater", value: "12" },
        "definition.groups.0.conditions.0.value",
      ],
      [
        { kind: "attribute", key: "plan", op: "any_of", value: ["Bronze"] },
        "definition.groups.0.conditions.0.value",
      ],
      [
        { kind: "attribute", key: "renewal", op: "before", value: "2026-02-30" },
        "definition.groups.0.conditions.0.value",
      ],
      [{ kind: "field", field: "city", op: "is_set", value: "x" }, "definition.groups.0.conditions.0.value"],
      [{ kind: "tags", op: "any_of", tags: ["VIP", "Nope"] }, "definition.groups.0.conditions.0.tags.1"],
      [{ kind: "activity", event: "read", promotionId: TAG }, "definition.groups.0.conditions.0.promotionId"],
    ];
    for (const [c, path] of bad) {
      let caught: unknown;
      try {
        compile(one(c));
      } catch (err) {
        caught = err;
      }
      expect(caught, path).toMatchObject({ code: "invalid_request", details: [{ path }] });
    }
  });

  it("bounds the definition's size", () => {
    const conditions = Array.from({ length: 21 }, () => ({ kind: "consent", state: "opted_out" }));
    expect(Schema.safeParse({ groups: [{ conditions }] }).success).toBe(false);
    const groups = Array.from({ length: 3 }, () => ({ conditions: conditions.slice(0, 20) }));
    expect(Schema.safeParse({ groups }).success).toBe(false);
    expect(
      Schema.safeParse({ groups: [{ conditions: [{ kind: "consent", state: "opted_out", extra: 1 }] }] })
        .success,
    ).toBe(false);
  });
});
