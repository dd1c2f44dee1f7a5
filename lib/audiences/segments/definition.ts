import { z } from "zod";
import { tagName } from "../schemas";
import { profileFieldNames } from "./profile-fields";

/** The bounds of a definition (docs/audiences.md, "Segments"): what one count may compile. */
export const MAX_GROUPS = 10;
export const MAX_CONDITIONS_PER_GROUP = 20;
export const MAX_CONDITIONS = 50;
export const MAX_VALUES = 100;
export const MAX_SEGMENTS_PER_BUSINESS = 200;

/** Every operator a field or attribute condition may name; which fit which type: operators.ts. */
export const valueOperators = [
  "equals",
  "contains",
  "greater",
  "less",
  "before",
  "after",
  "within_last_days",
  "is",
  "any_of",
  "is_set",
  "not_set",
] as const;
export type ValueOperator = (typeof valueOperators)[number];

const match = z.enum(["all", "any"]).default("all");

/** A condition's value: its type is checked against the field's or attribute's (check-definition.ts). */
const value = z
  .union([
    z.string().max(500, "At most 500 characters"),
    z.number().finite(),
    z.boolean(),
    z.array(z.string().max(100, "At most 100 characters")).min(1).max(MAX_VALUES),
  ])
  .optional();

const fieldCondition = z.strictObject({
  kind: z.literal("field"),
  field: z.enum(profileFieldNames),
  op: z.enum(valueOperators),
  value,
});

const attributeCondition = z.strictObject({
  kind: z.literal("attribute"),
  key: z.string().min(1).max(40),
  op: z.enum(valueOperators),
  value,
});

const tagsCondition = z.strictObject({
  kind: z.literal("tags"),
  op: z.enum(["any_of", "all_of", "none_of"]),
  tags: z.array(tagName).min(1, "Name at least one tag").max(50, "At most 50 tags"),
});

const activityCondition = z.strictObject({
  kind: z.literal("activity"),
  /** received: sent to them (sent, delivered or read); read; replied (or pressed a button); clicked a tracked link. */
  event: z.enum(["received", "read", "replied", "clicked"]),
  op: z.enum(["did", "did_not"]).default("did"),
  /** One campaign (its promotionId) or, without it, any campaign of the business. */
  promotionId: z.uuid("Must be a campaign's promotionId").optional(),
  withinDays: z.number().int().min(1).max(3650).optional(),
});

const consentCondition = z.strictObject({
  kind: z.literal("consent"),
  /** opted_out: on the opt-out list; marketing_opt_in: the ledger's latest marketing event is an opt-in. */
  state: z.enum(["opted_out", "not_opted_out", "marketing_opt_in", "no_marketing_opt_in"]),
});

const channelCondition = z.strictObject({
  kind: z.literal("channel"),
  /** From the latest RCS campaign outcome of the number: unknown when none said either way. */
  rcs: z.enum(["capable", "not_capable", "unknown"]),
});

export const SegmentCondition = z.discriminatedUnion("kind", [
  fieldCondition,
  attributeCondition,
  tagsCondition,
  activityCondition,
  consentCondition,
  channelCondition,
]);
export type SegmentCondition = z.infer<typeof SegmentCondition>;

const group = z.strictObject({
  match,
  conditions: z
    .array(SegmentCondition)
    .min(1, "A group needs at least one condition")
    .max(MAX_CONDITIONS_PER_GROUP, `At most ${MAX_CONDITIONS_PER_GROUP} conditions in a group`),
});

/**
 * A segment's definition: groups joined by `match` (all: AND, any: OR), each group its
 * conditions joined by its own `match`. The one schema of it (the API's and the OpenAPI
 * document's); what it names is checked against the business by checkDefinition.
 */
export const SegmentDefinition = z
  .strictObject({
    match,
    groups: z
      .array(group)
      .min(1, "A definition needs at least one group")
      .max(MAX_GROUPS, `At most ${MAX_GROUPS} groups`),
  })
  .refine((d) => d.groups.reduce((n, g) => n + g.conditions.length, 0) <= MAX_CONDITIONS, {
    message: `At most ${MAX_CONDITIONS} conditions in all`,
    path: ["groups"],
  });
export type SegmentDefinition = z.infer<typeof SegmentDefinition>;

export const segmentName = z
  .string({ error: "Must be text" })
  .trim()
  .min(1, "Must not be empty")
  .max(100, "At most 100 characters")
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Must not contain control characters");

export const SegmentInput = z.object({ name: segmentName, definition: SegmentDefinition });
export const SegmentUpdate = z
  .object({ name: segmentName.optional(), definition: SegmentDefinition.optional() })
  .refine((u) => u.name !== undefined || u.definition !== undefined, "Send name, definition or both");

export const segmentExample = {
  name: "Gold in Pune, not opted out",
  definition: {
    match: "all",
    groups: [
      {
        match: "all",
        conditions: [
          { kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] },
          { kind: "field", field: "city", op: "equals", value: "Pune" },
          { kind: "consent", state: "not_opted_out" },
        ],
      },
      { match: "any", conditions: [{ kind: "tags", op: "any_of", tags: ["VIP", "Loyal"] }] },
    ],
  },
} as const;
