import { z } from "zod";
import { attributeTypes } from "@/db/schema/audiences";

/** The bounds of docs/audiences.md ("Limits"). */
export const MAX_TAGS_PER_BUSINESS = 1000;
export const MAX_ATTRIBUTES_PER_BUSINESS = 100;
export const MAX_CHOICES = 100;
export const MAX_TAGS_PER_WRITE = 50;
export const MAX_BULK_PHONES = 10_000;

/** The named colours a tag may have besides any #rrggbb. */
export const tagPalette = [
  "gray",
  "red",
  "orange",
  "yellow",
  "green",
  "teal",
  "blue",
  "purple",
  "pink",
] as const;
export const DEFAULT_TAG_COLOUR = "gray";

export const tagName = z
  .string({ error: "Must be text" })
  .trim()
  .min(1, "Must not be empty")
  .max(50, "At most 50 characters")
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Must not contain control characters");

export const tagColour = z
  .string({ error: "Must be text" })
  .trim()
  .refine(
    (v) => (tagPalette as readonly string[]).includes(v.toLowerCase()) || /^#[0-9a-fA-F]{6}$/.test(v),
    `Must be one of ${tagPalette.join(", ")} or #rrggbb`,
  )
  .transform((v) => v.toLowerCase());

export const TagInput = z.object({ name: tagName, colour: tagColour.default(DEFAULT_TAG_COLOUR) });
export const TagUpdate = z
  .object({ name: tagName.optional(), colour: tagColour.optional() })
  .refine((v) => v.name !== undefined || v.colour !== undefined, "Send name or colour");

/** Tag names as a write sends them: each checked, repeats (whatever the case) taken once. */
export const tagNames = z
  .array(tagName, { error: "Must be an array of tag names" })
  .max(MAX_TAGS_PER_WRITE, `At most ${MAX_TAGS_PER_WRITE} tags`)
  // The first spelling of a repeated name is the one a new tag gets.
  .transform((names) =>
    names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i),
  );

export const attributeKey = z
  .string({ error: "Must be text" })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "Must start with a-z and be at most 40 of a-z, 0-9 and _");

const label = z
  .string({ error: "Must be text" })
  .trim()
  .min(1, "Must not be empty")
  .max(100, "At most 100 characters");
const choices = z
  .array(
    z.string({ error: "Must be text" }).trim().min(1, "Must not be empty").max(100, "At most 100 characters"),
  )
  .min(1, "A choice attribute needs at least one choice")
  .max(MAX_CHOICES, `At most ${MAX_CHOICES} choices`)
  .refine(
    (c) => new Set(c.map((x) => x.toLowerCase())).size === c.length,
    "Choices must differ (case aside)",
  );

const choicesFit = (v: { type?: string; choices?: unknown }, ctx: z.RefinementCtx) => {
  if (v.type === "choice" && v.choices === undefined)
    ctx.addIssue({ code: "custom", path: ["choices"], message: "A choice attribute needs its choices" });
  if (v.type !== undefined && v.type !== "choice" && v.choices !== undefined)
    ctx.addIssue({ code: "custom", path: ["choices"], message: "Only a choice attribute has choices" });
};

export const AttributeDefinitionInput = z
  .object({
    key: attributeKey,
    label,
    type: z.enum(attributeTypes, { error: `Must be one of ${attributeTypes.join(", ")}` }),
    choices: choices.optional(),
  })
  .superRefine(choicesFit);

export const AttributeDefinitionUpdate = z
  .object({
    label: label.optional(),
    type: z.enum(attributeTypes, { error: `Must be one of ${attributeTypes.join(", ")}` }).optional(),
    choices: choices.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send label, type or choices");
