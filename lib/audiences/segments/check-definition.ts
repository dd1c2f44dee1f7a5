import type { RowOf } from "../../db/row-of";
import type { promotions as promotionsTable, tags as tagsTable } from "@/db/schema";
import type { AttributeType } from "@/db/schema/audiences";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalid, type ErrorDetail } from "../../errors";
import { attributeRules } from "../attribute-definitions";
import type { AttributeDefinitionRule } from "../attribute-values";
import { checkValue, INVALID, type ConditionValue } from "./check-value";
import type { SegmentCondition, SegmentDefinition, ValueOperator } from "./definition";
import type { ValueType } from "./operators";
import { profileFields, type ProfileField } from "./profile-fields";

/** A condition as the compiler takes it: names resolved to the business's ids and types. */
export type ResolvedCondition =
  | { kind: "field"; field: ProfileField; type: ValueType; op: ValueOperator; value?: ConditionValue }
  | {
      kind: "attribute";
      key: string;
      type: AttributeType;
      /** The definition's columns in profile_facets. */
      slot: number;
      op: ValueOperator;
      value?: ConditionValue;
    }
  | { kind: "tags"; op: "any_of" | "all_of" | "none_of"; tagIds: string[] }
  | Extract<SegmentCondition, { kind: "activity" | "consent" | "channel" }>;

export type ResolvedDefinition = {
  match: "all" | "any";
  groups: { match: "all" | "any"; conditions: ResolvedCondition[] }[];
};

/** What a definition may name: the business's attributes, tags (by lower-cased name) and campaigns. */
export type SegmentVocabulary = {
  attributes: Map<string, AttributeDefinitionRule>;
  tags: Map<string, string>;
  promotions: Set<string>;
};

export async function loadVocabulary(
  ctx: Ctx,
  businessId: string,
  definition: SegmentDefinition,
): Promise<SegmentVocabulary> {
  const ids = definition.groups.flatMap((g) =>
    g.conditions.flatMap((c) => (c.kind === "activity" && c.promotionId ? [c.promotionId] : [])),
  );
  const [attributes, tags, promotions] = await Promise.all([
    attributeRules(ctx, businessId),
    rawQuery<Pick<RowOf<typeof tagsTable>, "id" | "name">>(
      ctx.db,
      "SELECT id, name FROM tags WHERE business_id = $1",
      [businessId],
    ),
    ids.length
      ? rawQuery<Pick<RowOf<typeof promotionsTable>, "id">>(
          ctx.db,
          "SELECT id FROM promotions WHERE business_id = $1 AND id = ANY($2::uuid[])",
          [businessId, ids],
        )
      : Promise.resolve([]),
  ]);
  return {
    attributes,
    tags: new Map(tags.map((t) => [t.name.toLowerCase(), t.id])),
    promotions: new Set(promotions.map((p) => p.id)),
  };
}

/**
 * The definition checked against the business (a 400 naming the path of every problem: an
 * unknown attribute key, tag or campaign; an operator that does not fit the type; a value of
 * the wrong type), resolved for the compiler. `prefix` is where the definition sits in the body.
 */
export async function checkDefinition(
  ctx: Ctx,
  businessId: string,
  definition: SegmentDefinition,
  prefix = "definition",
): Promise<ResolvedDefinition> {
  return resolveDefinition(definition, await loadVocabulary(ctx, businessId, definition), prefix);
}

export function resolveDefinition(
  definition: SegmentDefinition,
  vocabulary: SegmentVocabulary,
  prefix = "definition",
): ResolvedDefinition {
  const problems: ErrorDetail[] = [];
  const groups = definition.groups.map((g, gi) => ({
    match: g.match,
    conditions: g.conditions.flatMap((c, ci) => {
      const at = `${prefix}.groups.${gi}.conditions.${ci}`;
      const resolved = resolveCondition(c, vocabulary, at, problems);
      return resolved ? [resolved] : [];
    }),
  }));
  if (problems.length)
    throw invalid(`Invalid segment: ${problems[0]!.path}: ${problems[0]!.message}`, problems);
  return { match: definition.match, groups };
}

function resolveCondition(
  c: SegmentCondition,
  vocabulary: SegmentVocabulary,
  at: string,
  problems: ErrorDetail[],
): ResolvedCondition | undefined {
  const fail = (path: string, message: string) => {
    problems.push({ path: `${at}.${path}`, message });
    return undefined;
  };
  switch (c.kind) {
    case "field": {
      const { type } = profileFields[c.field];
      const value = checkValue({ key: c.field, type, choices: null }, c.op, c.value, fail);
      return value === INVALID ? undefined : { kind: "field", field: c.field, type, op: c.op, value };
    }
    case "attribute": {
      const rule = vocabulary.attributes.get(c.key);
      if (!rule)
        return fail("key", `No attribute with key '${c.key}': define it first (POST .../attributes)`);
      if (rule.slot === undefined) throw new Error(`attribute ${c.key} read without its slot`);
      const value = checkValue(rule, c.op, c.value, fail);
      return value === INVALID
        ? undefined
        : { kind: "attribute", key: c.key, type: rule.type, slot: rule.slot, op: c.op, value };
    }
    case "tags": {
      const tagIds: string[] = [];
      c.tags.forEach((name, i) => {
        const id = vocabulary.tags.get(name.toLowerCase());
        if (id) tagIds.push(id);
        else fail(`tags.${i}`, `No tag named '${name}'`);
      });
      return tagIds.length === c.tags.length
        ? { kind: "tags", op: c.op, tagIds: [...new Set(tagIds)] }
        : undefined;
    }
    case "activity":
      if (c.promotionId && !vocabulary.promotions.has(c.promotionId)) {
        return fail("promotionId", "No campaign of this business has this promotionId");
      }
      return c;
    default:
      return c;
  }
}
