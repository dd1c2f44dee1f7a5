import type { OutboundMessage } from "../channels/message-provider";
import { preview } from "../messages/content/message-preview";
import type { ChatappComponent } from "../templates/chatapp-schemas";
import type { TimelineMedia } from "./schemas";

/**
 * What a message the business sent carries besides its text, as the customer's phone shows
 * it: a media reply's image or document, a template's image or document header. Null for
 * text alone (or a content shape this build does not know).
 */
export function outboundMedia(
  content: OutboundMessage["content"] | null,
  components: ChatappComponent[] | null,
): TimelineMedia | null {
  if (!content) return null;
  if (content.kind === "media")
    return { kind: content.mediaType, url: content.link, fileName: content.fileName ?? null };
  try {
    const p = preview(content, components ?? []);
    if (p.imageUrl) return { kind: "image", url: p.imageUrl, fileName: null };
    if (p.attachment)
      return { kind: p.attachment.kind, url: p.attachment.url ?? null, fileName: p.attachment.name };
  } catch {
    // The timeline still shows the message's text or template name.
  }
  return null;
}

const inboundKinds = new Set(["image", "video", "audio", "document", "sticker"]);

/**
 * A customer's media message, from what the provider's webhook stored (its type and
 * `payload.media`): the address is kept when the provider gave one.
 */
export function inboundMedia(
  type: string,
  media: { url?: string | null; fileName?: string | null } | null | undefined,
): TimelineMedia | null {
  if (!inboundKinds.has(type)) return null;
  return {
    kind: type as TimelineMedia["kind"],
    url: typeof media?.url === "string" && media.url ? media.url : null,
    fileName: typeof media?.fileName === "string" && media.fileName ? media.fileName : null,
  };
}
