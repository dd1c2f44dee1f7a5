/**
 * A customer's message as a provider webhook reports it, normalised across providers. The
 * types follow Meta's vocabulary (text, button, interactive, image, audio, video, document,
 * sticker, location, contacts, reaction, ...); RBM's suggestion replies are `button` and its
 * files `image`/`video`/`audio`/`document` by MIME type, so one receiver handles both channels.
 */
export type ProviderInboundMessage = {
  /** Meta's wamid, RBM's messageId: the dedupe key. */
  providerMessageId: string;
  /** The customer: digits, no '+'. */
  from: string;
  /** chatapp: the phoneNumberId written to; rcs: the agent id. */
  to: string;
  type: string;
  /** Text body, button or list title, media caption, reaction emoji; null when none. */
  text: string | null;
  /** Quick-reply button payload, interactive reply id, RBM postbackData. */
  buttonPayload: string | null;
  /** The provider id of our message this one replies to (Meta's context.id). */
  replyToProviderMessageId: string | null;
  profileName: string | null;
  media: { id: string | null; url: string | null; mimeType: string | null; fileName: string | null } | null;
  receivedAt: Date;
  /** The provider's message object as received. */
  raw: Record<string, unknown>;
};
