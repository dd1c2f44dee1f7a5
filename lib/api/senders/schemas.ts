import { z } from "@hono/zod-openapi";
import { MAX_SENDER_RATE } from "@/lib/messages/dispatch/sender-rate-schemas";

/** A sender's dispatch rate, as the business (senders/) and the operator (internal/) read it. */
export const SenderRate = z
  .object({
    sender: z
      .string()
      .openapi({ description: "A chatapp phoneNumberId or the RCS agent id", example: "1055" }),
    channel: z.enum(["chatapp", "rcs"]).nullable().openapi({
      description: "null: a stored limit for an id no longer on the business's channels",
    }),
    perSecond: z.number().int().openapi({ description: "Messages per second in effect", example: 80 }),
    isDefault: z
      .boolean()
      .openapi({ description: "true: no limit of its own, the server's MESSAGES_SENDER_RATE applies" }),
  })
  .openapi("SenderRate");

export const SenderRateList = z
  .object({
    businessId: z.string(),
    maxPerSecond: z.number().int().openapi({ example: MAX_SENDER_RATE }),
    senders: z.array(SenderRate),
  })
  .openapi("SenderRateList");
