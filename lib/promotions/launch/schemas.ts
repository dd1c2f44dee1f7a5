import { z } from "zod";
import { channelName } from "../../businesses/channel-name";
import { abTestInput } from "../ab/schemas";

const isoTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "An ISO 8601 date-time such as 2026-12-01T09:30:00Z",
  })
  .transform((v) => new Date(v));

/** epoch seconds (the record's form) or ISO 8601. */
const endTime = z.union([
  z
    .number()
    .int()
    .positive()
    .transform((s) => new Date(s * 1000)),
  isoTime,
]);

const component = z.looseObject({
  type: z.string().optional(),
  /** CAROUSEL: cards addressed by `card_index` (0-based position of the template's card). */
  cards: z
    .array(
      z.looseObject({
        card_index: z.number().int().min(0, "card_index starts at 0"),
        components: z.array(z.looseObject({ type: z.string().optional() })),
      }),
    )
    .optional(),
});

/** E1's `template`, and each A/B variant's. */
const launchTemplate = z.object(
  {
    id: z.string().max(100).optional(),
    name: z.string().max(512).optional(),
    language: z.string().max(20).optional(),
    components: z.array(component).max(50).default([]),
  },
  { error: "Required: the template (name and language, or id for RCS)" },
);

/**
 * E1 body (both forms). The documented fields, then the optional fields of the full promotion
 * record, accepted and stored. Unknown fields are ignored, as elsewhere in the API.
 */
/**
 * A campaign's attributionWindow when E1 names none: 7 days, the window a business reads its
 * conversions in (docs/economics.md); replies and a campaign's flow use the same window.
 */
export const DEFAULT_ATTRIBUTION_WINDOW_HOURS = 168;

export const launchPromotionInput = z.object({
  businessId: z.string().optional(),
  name: z.string().trim().min(1, "Required: the promotion name").max(200),
  promotionType: z.string().max(40).optional(),
  promotionBase: z.string().max(40).optional(),
  promotionTemplateType: z.string().max(40).optional(),
  channelType: channelName().default("chatapp"),
  phoneNumberId: z.string().max(100).optional(),
  template: launchTemplate,
  retryPromotion: z.boolean().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  batchSize: z.number().int().min(0).max(1_000_000).optional(),
  batchTimer: z.number().int().min(0).max(86_400).optional(),
  staggered: z.boolean().optional(),
  scheduleTime: isoTime.optional(),
  scheduledTime: isoTime.optional(),
  stopOnCategoryUpdate: z.boolean().optional(),
  utilityTemplateIndex: z.number().int().min(0).optional(),
  /** Hours a reply, a click or a conversion is credited to the campaign after its message. */
  attributionWindow: z.number().int().min(0).max(8_760).optional(),
  trackClicks: z
    .boolean()
    .optional()
    .describe(
      "Not in the spec: links in the recipients' messages become tracked short links (`/l/<code>`, one per recipient and URL: docs/economics.md). Default true; false sends the links as given.",
    ),
  promotionEndTime: endTime.optional(),
  expiry: endTime.optional(),
  subscriberLimitPerGroup: z.number().int().min(0).optional(),
  callCampaign: z.boolean().optional(),
  flowId: z
    .string()
    .max(200)
    .nullish()
    .describe(
      "A published flow of the business (its id) that answers the recipients' replies: the flow needs a `campaign` trigger. A flow that is not there or not published is a 400.",
    ),
  flowName: z
    .string()
    .max(200)
    .nullish()
    .describe("The flow by its name (case-insensitive), instead of `flowId`."),
  abTest: abTestInput(launchTemplate).optional(),
});

export type LaunchPromotionInput = z.infer<typeof launchPromotionInput>;
