import { z } from "zod";
import { channelName } from "../../businesses/channel-name";

/** Meta's throughput tiers go up to 1,000 messages/s per phone number. */
export const MAX_SENDER_RATE = 1000;

/** A sender's own limit: whole messages per second, 1 to MAX_SENDER_RATE. */
export const senderPerSecond = z
  .number({ error: "A whole number of messages per second" })
  .int("A whole number of messages per second")
  .min(1, "At least 1 message per second")
  .max(MAX_SENDER_RATE, "At most 1,000 messages per second (Meta's highest tier)");

/**
 * Which channel's sender is meant: needed only when a chatapp phoneNumberId and the RCS agent
 * id of the business are the same string (their limits are separate).
 */
export const senderChannel = channelName('The channel: "chatapp" (or "whatsapp") or "rcs"');

export const setSenderRateInput = z.object({
  businessId: z.string().uuid(),
  sender: z.string().trim().min(1).max(128),
  channel: senderChannel.optional(),
  /** Messages per second; null goes back to the default (MESSAGES_SENDER_RATE). */
  perSecond: senderPerSecond.nullable(),
});
export type SetSenderRateInput = z.input<typeof setSenderRateInput>;

/**
 * The operator console's rate field: a whole number 1-1,000, or blank / "default" for the
 * default rate. Parses to setSenderRateInput's shape.
 */
export const senderRateForm = z.object({
  businessId: z.string().uuid(),
  sender: z.string().trim().min(1).max(128),
  channel: senderChannel.optional(),
  perSecond: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "" || v.toLowerCase() === "default") return null;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: "custom", message: 'A whole number from 1 to 1,000, or "default"' });
        return z.NEVER;
      }
      return Number(v);
    })
    .pipe(senderPerSecond.nullable()),
});
