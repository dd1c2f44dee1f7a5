import { z } from "zod";
import { invalid, zodDetails } from "../../errors";
import { digitsOnly } from "../../phone/typed-phone";
import type { ProviderInboundMessage } from "../inbound-message";

const str = z.string().optional();
// `url` is the download address Meta has put in inbound media since 2025 (beside `id`); `link`
// what an echo of our own send carries.
const media = z
  .object({ id: str, mime_type: str, caption: str, filename: str, link: str, url: str })
  .partial();

/**
 * A Cloud API inbound message (`value.messages[]`). Only what identifies it is required: an
 * id, a timestamp, a type and its sender, as a phone (`from`) or, for a user with a username
 * who keeps their number (2026), only a business-scoped user id (`from_user_id`). The many
 * type-specific objects are optional and kept whole in `raw`, so a type we don't map still
 * reaches the business.
 */
const metaMessage = z
  .looseObject({
    id: z.string().min(1),
    from: z.string().min(1).optional(),
    from_user_id: z.string().min(1).optional(),
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
    system: z.object({ type: str, body: str, wa_id: str, new_wa_id: str, user_id: str }).partial().optional(),
  })
  .refine((m) => m.from || m.from_user_id, { message: "A sender: from or from_user_id", path: ["from"] });
type MetaMessage = z.infer<typeof metaMessage>;

const messagesValue = z.object({
  metadata: z.object({ phone_number_id: z.string().optional() }).partial().optional(),
  contacts: z
    .array(
      z
        .object({
          wa_id: str,
          user_id: str,
          profile: z.object({ name: str, username: str }).partial().optional(),
        })
        .partial(),
    )
    .optional(),
  // Each message is read on its own: one we cannot use is skipped, not the webhook.
  messages: z.array(z.unknown()).optional(),
});

/**
 * A customer who is now known by another address: a `system` notice that they changed their
 * number (`user_changed_number`), or a message naming both the user id they were known by and
 * the phone they now share (`linked`). Their conversations follow.
 */
export type CustomerChange = {
  from: string;
  to: string;
  reason: "number_changed" | "phone_shared";
  providerMessageId: string;
};

export type ParsedMetaInbound = {
  phoneNumberId: string | undefined;
  messages: ProviderInboundMessage[];
  changes: CustomerChange[];
  /** Messages that could not be used (no sender, no id...), by index, with the reason. */
  skipped: Array<{ index: number; reason: string }>;
};

/**
 * Maps `entry[].changes[].value.messages[]` (field `messages`) to inbound messages. The
 * sender is their phone's digits, or their user id when Meta gives no phone; the profile name
 * comes from `value.contacts[]` (by phone or user id); `context.id` (or a reaction's
 * `message_id`) names the message replied to. A `system` notice is not a customer message: it
 * is returned as a change of the customer's address. A value that is not the documented
 * structure is a 400; a single unusable message in a good one is skipped and reported.
 */
export function parseMetaInbound(value: unknown): ParsedMetaInbound {
  const parsed = messagesValue.safeParse(value);
  if (!parsed.success) {
    throw invalid("Malformed messages change", zodDetails(parsed.error, "value."));
  }
  const phoneNumberId = parsed.data.metadata?.phone_number_id;
  const names = new Map<string, string>();
  for (const c of parsed.data.contacts ?? []) {
    const name = c.profile?.name ?? c.profile?.username;
    if (!name) continue;
    if (c.wa_id) names.set(digitsOnly(c.wa_id), name);
    if (c.user_id) names.set(c.user_id, name);
  }
  const out: ParsedMetaInbound = { phoneNumberId, messages: [], changes: [], skipped: [] };
  (parsed.data.messages ?? []).forEach((rawMessage, index) => {
    const one = metaMessage.safeParse(rawMessage);
    if (!one.success) {
      const issue = one.error.issues[0]!;
      out.skipped.push({ index, reason: `${issue.path.join(".") || "message"}: ${issue.message}` });
      return;
    }
    const m = one.data;
    const phone = m.from ? digitsOnly(m.from) : undefined;
    const from = phone || m.from_user_id!;
    if (m.type === "system") {
      const next = m.system?.wa_id ?? m.system?.new_wa_id;
      if (m.system?.type === "user_changed_number" && next)
        out.changes.push({ from, to: digitsOnly(next), reason: "number_changed", providerMessageId: m.id });
      return;
    }
    if (phone && m.from_user_id)
      out.changes.push({ from: m.from_user_id, to: phone, reason: "phone_shared", providerMessageId: m.id });
    out.messages.push(toInbound(m, from, phoneNumberId, names));
  });
  return out;
}

function toInbound(
  m: MetaMessage,
  from: string,
  phoneNumberId: string | undefined,
  names: Map<string, string>,
): ProviderInboundMessage {
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
    profileName: names.get(from) ?? (m.from_user_id ? names.get(m.from_user_id) : undefined) ?? null,
    media: file
      ? {
          id: file.id ?? null,
          url: file.url ?? file.link ?? null,
          mimeType: file.mime_type ?? null,
          fileName: file.filename ?? null,
        }
      : null,
    receivedAt: new Date(Number(m.timestamp) * 1000),
    raw: m as Record<string, unknown>,
  };
}
