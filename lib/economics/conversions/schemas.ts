import { z } from "@hono/zod-openapi";

/** How far ahead of the server's clock an event's time may be (clock skew), and how far back. */
export const FUTURE_SKEW_MS = 5 * 60_000;
export const MAX_AGE_DAYS = 400;

/** An event time: epoch milliseconds (as the spec's times are) or an ISO 8601 time with its offset. */
const eventTime = z
  .union([z.number().int().positive(), z.iso.datetime({ offset: true }).transform((s) => Date.parse(s))])
  .openapi({
    description: "Epoch milliseconds or ISO 8601 with offset; default: now",
    example: 1796256000000,
  })
  .refine((ms) => ms <= Date.now() + FUTURE_SKEW_MS, "is in the future: send the time the event happened")
  .refine(
    (ms) => ms >= Date.now() - MAX_AGE_DAYS * 86_400_000,
    `is more than ${MAX_AGE_DAYS} days ago: older events cannot be attributed`,
  );

/** One conversion as the business reports it (POST /api/v3/conversions/{business_id}). */
export const ConversionInput = z
  .object({
    eventId: z.string().trim().min(1).max(200).openapi({
      description: "Your own id of the event: the same id again is the same conversion",
      example: "order-4711",
    }),
    event: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .openapi({ description: "The event's name", example: "purchase" }),
    phone: z.string().max(32).optional().openapi({
      description:
        "The customer's number (with country code, or national with the business's default country)",
      example: "919876543210",
    }),
    subscriberId: z.string().trim().min(1).max(200).optional().openapi({
      description: "Or your subscriber id (a profile's businessSubscriberId, or a campaign list's)",
      example: "cust-1001",
    }),
    value: z.number().finite().min(0).max(1e12).optional().openapi({ example: 1499 }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code in capitals, e.g. INR")
      .optional()
      .openapi({ example: "INR" }),
    occurredAt: eventTime.optional(),
  })
  .strict()
  .refine((c) => c.phone !== undefined || c.subscriberId !== undefined, {
    message: "give phone or subscriberId: who converted",
    path: ["phone"],
  })
  .refine((c) => c.value === undefined || c.currency !== undefined, {
    message: "a value needs its currency",
    path: ["currency"],
  })
  .openapi("ConversionInput");
export type ConversionInput = z.output<typeof ConversionInput>;

export const ConversionDoc = z
  .object({
    id: z.string(),
    eventId: z.string(),
    event: z.string(),
    phone: z.string().nullable(),
    subscriberId: z.string().nullable(),
    value: z.number().nullable(),
    currency: z.string().nullable(),
    occurredAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
    attribution: z.enum(["last_touch", "last_click", "none"]).openapi({
      description:
        "How it was attributed: by the business's model (Settings > Conversion attribution), last touch (the last campaign message sent to the number) or last click (the campaign of the number's last tracked-link click), each within the campaign's attributionWindow; none: outside every window",
    }),
    campaignId: z
      .string()
      .nullable()
      .openapi({ description: "The campaign it is attributed to; null: unattributed" }),
    messageId: z.string().nullable(),
  })
  .openapi("Conversion");
export type ConversionDoc = z.infer<typeof ConversionDoc>;

export const CampaignConversionsDoc = z
  .object({
    campaignId: z.string(),
    attributionWindowHours: z.number().int(),
    messagesSent: z
      .number()
      .int()
      .openapi({ description: "Recipients whose message went out (sent, delivered or read)" }),
    conversions: z.number().int(),
    converters: z.number().int().openapi({ description: "Distinct numbers with at least one conversion" }),
    conversionRate: z
      .number()
      .openapi({ description: "converters / messagesSent (0 when nothing was sent)" }),
    revenue: z.array(
      z.object({
        currency: z.string(),
        value: z.number(),
        perMessageSent: z.number(),
      }),
    ),
  })
  .openapi("CampaignConversions");
export type CampaignConversionsDoc = z.infer<typeof CampaignConversionsDoc>;
