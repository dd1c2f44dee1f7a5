import type { ChatappComponent } from "../templates/schemas";
import { fillVariables } from "../templates/variables";
import { textsOf, type MetaBasicComponent, type MetaComponent } from "./meta-components";

export type PreviewButton = { text: string; url?: string };
/** One bubble (or carousel card): image, text with the variables filled, buttons. */
export type PreviewBubble = { imageUrl?: string; text: string; buttons: PreviewButton[] };
export type ChatappPreview = PreviewBubble & { footer?: string; cards?: PreviewBubble[] };

type TemplatePart = {
  type: string;
  text?: string;
  buttons?: Array<{ type: string; text: string; url?: string }>;
};

/**
 * A chatapp template message as the recipient sees it: the template's texts with the sent
 * parameters (Meta shape, `messages.content`) filled in; a carousel's cards follow the bubble,
 * in template order, each with the parameters of its `card_index`.
 */
export function chatappPreview(sent: MetaComponent[], template: ChatappComponent[]): ChatappPreview {
  const basic = sent.filter((c): c is MetaBasicComponent => c.type !== "carousel");
  const footer = template.find((c) => c.type === "FOOTER");
  const carousel = template.find((c) => c.type === "CAROUSEL");
  const sentCards = sent.flatMap((c) => (c.type === "carousel" ? c.cards : []));
  return {
    ...bubble(template as TemplatePart[], basic),
    footer: footer && "text" in footer ? footer.text : undefined,
    ...(carousel && "cards" in carousel
      ? {
          cards: carousel.cards.map((card, i) =>
            bubble(
              card.components as TemplatePart[],
              sentCards.find((c) => c.card_index === i)?.components ?? [],
            ),
          ),
        }
      : {}),
  };
}

function bubble(template: TemplatePart[], sent: MetaBasicComponent[]): PreviewBubble {
  const header = sent.find((c) => c.type === "header")?.parameters[0];
  const body = template.find((c) => c.type === "BODY");
  const buttons = template.find((c) => c.type === "BUTTONS")?.buttons ?? [];
  const bodyTexts = sent.filter((c) => c.type === "body").flatMap((c) => textsOf(c.parameters));
  return {
    imageUrl: header && header.type === "image" && "link" in header.image ? header.image.link : undefined,
    text: body?.text ? fillVariables(body.text, bodyTexts) : "",
    buttons: buttons.map((b, i) => {
      const suffix = sent.find((c) => c.type === "button" && c.index === String(i))?.parameters[0];
      const url =
        b.type === "URL" && b.url
          ? b.url.replace("{{1}}", suffix && suffix.type === "text" ? suffix.text : "")
          : undefined;
      return { text: b.text, url };
    }),
  };
}
