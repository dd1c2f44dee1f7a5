import { z } from "zod";
import { invalid, zodDetails } from "../../errors";
import { phoneDigits, type ProviderInboundMessage } from "../inbound-message";

const str = z.string().optional();
const media = z.object({ id: str, mime_type: str, caption: str, filename: str, link: str }).partial();

/**
 * A Cloud API inbound message (`value.messages[]`). Only what identifies it is required; the
 * many type-specific objects are optional and kept whole in `raw`, so a type we don't map
 * still reaches the business.
 */
const metaMessage = z.looseObject({
  id: z.string().min(1),
  from: z.string().min(1),
  timestamp: z.union([z.string().regex(/^\d+$/), z.number().int()]),
  type: z.string().min(1),
  text: z.object({ body: str }).partial().optional(),
  button: z.object({ payload: str, text: str }).partial().optional(),
  interactive: z
    .object({
      type: str,
      button_reply: z.object({ id: str, title: str }).partial().optional(),
      list_reply: z.object({ id: str, title: str }).partial().optional(),
    })
    .partial()
    .optional(),
  context: z.object({ id: str, from: str }).partial().optional(),
  reaction: z.object({ message_id: str, emoji: str }).partial().optional(),
  image: media.optional(),
  video: media.optional(),
  audio: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
});

const messagesValue = z.object({
  metadata: z.object({ phone_number_id: z.string().optional() }).partial().optional(),
  contacts: z
    .array(z.object({ wa_id: str, profile: z.object({ name: str }).partial().optional() }).partial())
    .optional(),
  messages: z.array(metaMessage).optional(),
});

/**
 * Maps `entry[].changes[].value.messages[]` (field `messages`) to inbound messages. The
 * sender's profile name comes from `value.contacts[]`; `context.id` (or a reaction's
 * `message_id`) names the message replied to. A structurally broken value is a 400.
 */
export function parseMetaInbound(value: unknown): {
  phoneNumberId: string | undefined;
  messages: ProviderInboundMessage[];
} {
  const parsed = messagesValue.safeParse(value);
  if (!parsed.success) {
    throw invalid("Malformed messages change", zodDetails(parsed.error, "value."));
  }
  const phoneNumberId = parsed.data.metadata?.phone_number_id;
  const names = new Map<string, string>();
  for (const c of parsed.data.contacts ?? []) {
    if (c.wa_id && c.profile?.name) names.set(phoneDigits(c.wa_id), c.profile.name);
  }
  const messages = (parsed.data.messages ?? []).map((m): ProviderInboundMessage => {
    const from = phoneDigits(m.from);
    const file = m.image ?? m.video ?? m.audio ?? m.document ?? m.sticker;
    return {
      providerMessageId: m.id,
      from,
      to: phoneNumberId ?? "",
      type: m.type,
      text:
        m.text?.body ??
        m.button?.text ??
        m.interactive?.button_reply?.title ??
        m.interactive?.list_reply?.title ??
        file?.caption ??
        m.reaction?.emoji ??
        null,
      buttonPayload:
        m.button?.payload ?? m.interactive?.button_reply?.id ?? m.interactive?.list_reply?.id ?? null,
      replyToProviderMessageId: m.context?.id ?? m.reaction?.message_id ?? null,
      profileName: names.get(from) ?? null,
      media: file
        ? {
            id: file.id ?? null,
            url: file.link ?? null,
            mimeType: file.mime_type ?? null,
            fileName: file.filename ?? null,
          }
        : null,
      receivedAt: new Date(Number(m.timestamp) * 1000),
      raw: m as Record<string, unknown>,
    };
  });
  return { phoneNumberId, messages };
}
