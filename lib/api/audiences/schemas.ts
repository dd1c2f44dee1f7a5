import { z } from "@hono/zod-openapi";
import { attributeTypes } from "@/db/schema/audiences";
import { SegmentDefinition } from "@/lib/audiences/segments/definition";
import { errorResponses } from "../schemas";

/** The shapes the audience operations share (docs/audiences.md). */
export const TAG = "Audiences";
export const BASE = "/api/v3/audiences/{business_id}";
const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";

export const Tag = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_ID }),
    name: z.string().openapi({ example: "VIP" }),
    colour: z.string().openapi({ example: "purple", description: "A palette name or #rrggbb" }),
    count: z.number().int().openapi({ description: "Profiles with this tag" }),
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("Tag");

export const AttributeDefinition = z
  .object({
    key: z.string().openapi({ example: "plan" }),
    label: z.string().openapi({ example: "Plan" }),
    type: z.enum(attributeTypes),
    choices: z
      .array(z.string())
      .nullable()
      .openapi({ description: "The allowed values of a choice attribute; null for the other types" }),
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("AttributeDefinition");

const AttributeValue = z.union([z.string(), z.number(), z.boolean()]);

export const SubscriberAudience = z
  .object({
    phone: z.string().openapi({ example: "919810000001", description: "E.164 digits without +" }),
    tags: z.array(z.object({ id: z.string(), name: z.string(), colour: z.string() })),
    attributes: z.record(z.string(), AttributeValue).openapi({
      description: "Values by attribute key: text, number, date (yyyy-mm-dd) or boolean",
      example: { plan: "Gold", renewal: "2027-01-31" },
    }),
  })
  .openapi("SubscriberAudience");

const epochOrNull = z.number().int().nullable().openapi({ description: "Epoch seconds; null: never" });
export const SubscriberActivity = z
  .object({
    firstMessageAt: epochOrNull,
    lastMessageAt: epochOrNull,
    lastCampaign: z
      .object({ promotionId: z.string(), name: z.string(), sentAt: z.number().int() })
      .nullable()
      .openapi({ description: "The latest campaign message sent to the number" }),
    lastReadAt: epochOrNull,
    lastClickAt: epochOrNull,
  })
  .openapi("SubscriberActivity", { description: "Derived from the history when read" });

export const SubscriberWithActivity = SubscriberAudience.extend({ activity: SubscriberActivity }).openapi(
  "SubscriberWithActivity",
);

export const businessParam = z.object({
  business_id: z.string().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
export const tagParams = businessParam.extend({
  tag_id: z.uuid().openapi({ param: { name: "tag_id", in: "path" }, example: EXAMPLE_ID }),
});
export const attributeParams = businessParam.extend({
  key: z.string().openapi({ param: { name: "key", in: "path" }, example: "plan" }),
});
export const subscriberParams = businessParam.extend({
  phone: z.string().openapi({
    param: { name: "phone", in: "path" },
    example: "919810000001",
    description: "With country code, or national for a business with a default country",
  }),
});

/** Error responses with the 409 of a name or key taken, a limit reached or values present. */
export const errorResponsesWithConflict = {
  ...errorResponses,
  409: {
    description: "Taken, at a limit, values present, or used by a segment",
    content: errorResponses[400].content,
  },
} as const;

export { jsonResponse as json, jsonBody as body } from "../schemas";

export const segmentParams = businessParam.extend({
  segment_id: z.uuid().openapi({ param: { name: "segment_id", in: "path" }, example: EXAMPLE_ID }),
});

export const Segment = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_ID }),
    name: z.string().openapi({ example: "Gold in Pune" }),
    definition: SegmentDefinition,
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
    updatedAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("Segment");

export const SegmentMember = z
  .object({
    id: z.string().openapi({ description: "The profile's id (the page's keyset)" }),
    phone: z.string().openapi({ example: "919810000001" }),
    countryCode: z.string().openapi({ example: "IN" }),
    name: z.string().nullable(),
    city: z.string().nullable(),
    attributes: z.record(z.string(), AttributeValue),
  })
  .openapi("SegmentMember");

export const SegmentCount = z
  .object({
    count: z.number().int().openapi({ description: "Subscribers matching now" }),
    sample: z.array(SegmentMember).openapi({ description: "The first matches by profile id (at most 10)" }),
  })
  .openapi("SegmentCount");
