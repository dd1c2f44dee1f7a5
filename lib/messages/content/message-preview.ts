import type { OutboundMessage } from "../../channels/message-provider";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { chatappPreview, type ChatappPreview } from "./chatapp-preview";
import type { MetaComponent } from "./meta-components";
import { cardPreviews } from "./rcs-content";

/** Chatapp: the bubble (and a carousel's cards); RCS: the card, `title` included. */
export type MessagePreview = ChatappPreview & { title?: string };

/** The message as the recipient sees it: the template's texts with the parameters filled in. */
export function preview(content: OutboundMessage["content"], template: ChatappComponent[]): MessagePreview {
  if (content.kind === "rcs_text" || content.kind === "text") return { text: content.text, buttons: [] };
  if (content.kind === "interactive")
    return {
      text: content.text,
      ...(content.style === "list" && { listButton: content.listButton ?? "Choose" }),
      buttons: content.options.map((o) => ({
        text: o.title,
        payload: o.id,
        ...(o.description && { description: o.description }),
      })),
    };
  if (content.kind === "media")
    return content.mediaType === "image"
      ? { imageUrl: content.link, text: content.caption ?? "", buttons: [] }
      : {
          text: `${content.fileName ?? "Document"}${content.caption ? `: ${content.caption}` : ""}`,
          buttons: [],
        };
  if (content.kind === "rcs_richcard") {
    const cards = cardPreviews(content.richCard as Parameters<typeof cardPreviews>[0]);
    if (cards.length > 1) {
      // A carousel: its cards side by side, as a chatapp carousel's (the title leads each text).
      return {
        // The bubble above the cards carries the time and ticks; it says what follows.
        text: `Carousel of ${cards.length} cards`,
        buttons: [],
        cards: cards.map((c) => ({
          imageUrl: c.mediaUrl,
          text: [c.title, c.description].filter(Boolean).join("\n"),
          buttons: c.buttons,
        })),
      };
    }
    const card = cards[0]!;
    return {
      imageUrl: card.mediaUrl,
      title: card.title,
      text: card.description ?? "",
      buttons: card.buttons,
    };
  }
  return chatappPreview(content.components as MetaComponent[], template);
}
