import type { AttributeType } from "@/db/schema/audiences";
import type { SegmentCondition, SegmentDefinition, ValueOperator } from "@/lib/audiences/segments/definition";
import { operatorsOf, valueKindOf, type ValueType } from "@/lib/audiences/segments/operators";
import { profileFields, type ProfileField } from "@/lib/audiences/segments/profile-fields";

/**
 * The builder's form state: the definition's own shape (so a problem's path, from the zod
 * schema or the server, names the same place in both), with every control's value kept as the
 * control holds it (text), turned into a definition by toDefinition.
 */
export type DraftCondition = {
  kind: SegmentCondition["kind"];
  /** field */
  field: ProfileField;
  /** attribute */
  key: string;
  /** A value operator (field, attribute), any_of/all_of/none_of (tags) or did/did_not (activity). */
  op: string;
  /** A scalar, a number of days, or a text list separated by commas. */
  value: string;
  /** A choice attribute's picked choices. */
  values: string[];
  tags: string[];
  event: "received" | "read" | "replied" | "clicked";
  promotionId: string;
  withinDays: string;
  state: "opted_out" | "not_opted_out" | "marketing_opt_in" | "no_marketing_opt_in";
  rcs: "capable" | "not_capable" | "unknown";
};
export type DraftGroup = { match: "all" | "any"; conditions: DraftCondition[] };
export type DraftDefinition = { match: "all" | "any"; groups: DraftGroup[] };
export type SegmentDraft = { name: string; definition: DraftDefinition };

/** What the builder knows of the business's attributes (key and type, choices). */
export type AttributeChoice = { key: string; label: string; type: AttributeType; choices: string[] | null };

const base: DraftCondition = {
  kind: "field",
  field: "city",
  key: "",
  op: "equals",
  value: "",
  values: [],
  tags: [],
  event: "received",
  promotionId: "",
  withinDays: "",
  state: "not_opted_out",
  rcs: "capable",
};

/** A fresh condition of a kind, with the first operator that fits it. */
export function blankCondition(kind: DraftCondition["kind"], attributes: AttributeChoice[]): DraftCondition {
  switch (kind) {
    case "attribute": {
      const first = attributes[0];
      return { ...base, kind, key: first?.key ?? "", op: first ? operatorsOf[first.type][0]! : "is_set" };
    }
    case "tags":
      return { ...base, kind, op: "any_of" };
    case "activity":
      return { ...base, kind, op: "did" };
    default:
      return { ...base, kind };
  }
}

export const blankGroup = (attributes: AttributeChoice[]): DraftGroup => ({
  match: "all",
  conditions: [blankCondition("field", attributes)],
});

/** The type a field or attribute condition reads (undefined for an attribute not defined). */
export function valueTypeOf(c: DraftCondition, attributes: AttributeChoice[]): ValueType | undefined {
  if (c.kind === "field") return profileFields[c.field].type;
  if (c.kind === "attribute") return attributes.find((a) => a.key === c.key)?.type;
  return undefined;
}

const trimmedList = (text: string) =>
  text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** A number typed in a box, or the text as typed when it is not one (so the server says why). */
const numberOr = (text: string): number | string => {
  const t = text.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
};

type ConditionValue = Extract<SegmentCondition, { kind: "field" }>["value"];

function valueOf(c: DraftCondition, type: ValueType | undefined): ConditionValue {
  const op = c.op as ValueOperator;
  switch (valueKindOf[op]) {
    case "none":
      return undefined;
    case "days":
      return numberOr(c.value);
    case "list":
      return type === "choice" ? (c.values.length ? c.values : undefined) : trimmedList(c.value);
    default:
      if (type === "number") return numberOr(c.value);
      if (type === "boolean") return c.value === "true" ? true : c.value === "false" ? false : undefined;
      return c.value;
  }
}

function conditionOf(c: DraftCondition, attributes: AttributeChoice[]): SegmentCondition {
  const op = c.op as ValueOperator;
  switch (c.kind) {
    case "field":
      return { kind: "field", field: c.field, op, value: valueOf(c, valueTypeOf(c, attributes)) };
    case "attribute":
      return { kind: "attribute", key: c.key, op, value: valueOf(c, valueTypeOf(c, attributes)) };
    case "tags":
      return { kind: "tags", op: c.op as "any_of" | "all_of" | "none_of", tags: c.tags };
    case "activity": {
      const days = c.withinDays.trim();
      return {
        kind: "activity",
        event: c.event,
        op: c.op as "did" | "did_not",
        ...(c.promotionId ? { promotionId: c.promotionId } : {}),
        ...(days ? { withinDays: numberOr(days) as number } : {}),
      };
    }
    case "consent":
      return { kind: "consent", state: c.state };
    case "channel":
      return { kind: "channel", rcs: c.rcs };
  }
}

/** The draft as the definition the API takes (checked by its zod schema and then the server). */
export function toDefinition(d: DraftDefinition, attributes: AttributeChoice[]): SegmentDefinition {
  return {
    match: d.match,
    groups: d.groups.map((g) => ({
      match: g.match,
      conditions: g.conditions.map((c) => conditionOf(c, attributes)),
    })),
  };
}

/** A saved definition as the builder's draft. */
export function fromDefinition(d: SegmentDefinition): DraftDefinition {
  return {
    match: d.match,
    groups: d.groups.map((g) => ({
      match: g.match,
      conditions: g.conditions.map((c): DraftCondition => {
        switch (c.kind) {
          case "field":
          case "attribute": {
            const list = Array.isArray(c.value) ? c.value : null;
            return {
              ...base,
              ...(c.kind === "field" ? { kind: "field", field: c.field } : { kind: "attribute", key: c.key }),
              op: c.op,
              value: list ? list.join(", ") : c.value === undefined ? "" : String(c.value),
              values: list ?? [],
            };
          }
          case "tags":
            return { ...base, kind: "tags", op: c.op, tags: c.tags };
          case "activity":
            return {
              ...base,
              kind: "activity",
              event: c.event,
              op: c.op,
              promotionId: c.promotionId ?? "",
              withinDays: c.withinDays === undefined ? "" : String(c.withinDays),
            };
          case "consent":
            return { ...base, kind: "consent", state: c.state };
          case "channel":
            return { ...base, kind: "channel", rcs: c.rcs };
        }
      }),
    })),
  };
}
