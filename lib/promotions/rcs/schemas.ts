import { z } from "zod";
import { rcsComponent } from "../../messages/schemas";

/** Subscribers per C2 batch (the same bound as a B1 bulk send); the body limit is B1's too. */
export const RCS_BATCH_MAX_SUBSCRIBERS = 10_000;

/**
 * The chatapp template (and sender) that numbers without RCS get instead (not in the spec,
 * docs/promotions.md "Fallback"): an APPROVED chatapp template of the business, by name and
 * language, sent from one of its phoneNumberIds, with the batch's variables.
 */
export const rcsFallback = z
  .object({
    templateName: z.string().trim().min(1, "Required").max(512),
    language: z.string().trim().min(2, "Required").max(16),
    phoneNumberId: z.string().trim().min(1, "Required").max(64),
  })
  .strict();
export type RcsFallback = z.infer<typeof rcsFallback>;

/** C1 body. */
export const createRcsCampaignInput = z.object({
  promotionName: z.string().trim().min(1, "Required").max(200, "At most 200 characters"),
  /** Epoch seconds; default: the coming midnight in the business's time zone. */
  promotionExpiry: z
    .number({ error: "Epoch seconds (an integer)" })
    .int("Epoch seconds (an integer)")
    .positive("Epoch seconds (an integer)")
    .max(32503680000, "Too far in the future")
    .optional(),
  fallback: rcsFallback.optional(),
  trackClicks: z
    .boolean()
    .optional()
    .describe(
      "Not in the spec: links in the recipients' cards become tracked short links (`/l/<code>`, one per recipient and URL: docs/economics.md). Default true.",
    ),
});
export type CreateRcsCampaignInput = z.input<typeof createRcsCampaignInput>;

const extras = z.record(
  z.string().trim().min(1, "An extras key cannot be empty").max(64, "Keys have at most 64 characters"),
  z.string({ error: "extras values are strings" }).max(1024, "Values have at most 1024 characters"),
);

/**
 * One subscriber of a batch. The phone is only checked for shape here: a bad number rejects
 * that subscriber (reported in the answer), not the whole batch.
 */
export const batchSubscriber = z.object({
  phone: z.string({ error: "phone: digits with the country code" }).max(32),
  extras: extras.default({}),
});

/** C2 body. */
export const addRcsBatchInput = z.object({
  promotionId: z.string().trim().min(1, "Required").max(64),
  doCapability: z.boolean().default(false),
  templateId: z.string().trim().min(1, "Required").max(64),
  components: z.array(rcsComponent).max(4).default([]),
  subscribers: z
    .array(batchSubscriber)
    .min(1, "At least one subscriber")
    .max(RCS_BATCH_MAX_SUBSCRIBERS, `At most ${RCS_BATCH_MAX_SUBSCRIBERS} subscribers per batch`),
  fallback: rcsFallback.optional(),
});
export type AddRcsBatchInput = z.input<typeof addRcsBatchInput>;

/** A subscriber left out of a batch: its index in `subscribers`, the phone as given, and why. */
export type BatchReject = { index: number; phone: string; reason: string };

export type AddRcsBatchResult = {
  batchId: string;
  /** Not in the spec: subscribers taken into the batch (optouts included). */
  accepted: number;
  /** Not in the spec: subscribers left out (invalid phone, duplicate, missing variable value). */
  rejected: BatchReject[];
};
