import { otpButtonLabel, type OtpButton } from "../../templates/authentication-schemas";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { fillVariables } from "../../templates/variables";
import { displayText, type MetaBasicComponent, type MetaComponent } from "./meta-components";

/** `payload`: what a tap sends back (an interactive option's id); `description`: a list row's second line. */
export type PreviewButton = { text: string; url?: string; payload?: string; description?: string };
/** A document or video header: its file name (documents) and link, when it has one. */
export type PreviewAttachment = { kind: "document" | "video"; name: string; url?: string };
/** One bubble (or carousel card): image or attachment, text with the variables filled, buttons. */
export type PreviewBubble = {
  /** A TEXT header, its {{1}} filled. */
  title?: string;
  imageUrl?: string;
  attachment?: PreviewAttachment;
  text: string;
  buttons: PreviewButton[];
};
/** `listButton`: the buttons are a list's rows, behind a button with this label. */
export type ChatappPreview = PreviewBubble & {
  footer?: string;
  cards?: PreviewBubble[];
  listButton?: string;
};

type TemplatePart = {
  type: string;
  format?: string;
  text?: string;
  buttons?: Array<
    { type: string; text?: string; url?: string } & Partial<Pick<OtpButton, "otp_type" | "autofill_text">>
  >;
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
  const textHeader = template.find((c) => c.type === "HEADER" && c.format === "TEXT");
  const body = template.find((c) => c.type === "BODY");
  const buttons = template.find((c) => c.type === "BUTTONS")?.buttons ?? [];
  // A currency reads as its fallback ("$100.99"), a date as its text: what Meta shows.
  const bodyTexts = sent
    .filter((c) => c.type === "body")
    .flatMap((c) => c.parameters.map(displayText).filter((t) => t !== undefined));
  return {
    ...(textHeader?.text
      ? { title: fillVariables(textHeader.text, header?.type === "text" ? [header.text] : []) }
      : {}),
    imageUrl: imageOf(header),
    attachment: attachmentOf(header),
    text: body?.text ? fillVariables(body.text, bodyTexts) : "",
    buttons: buttons.map((b, i) => {
      const suffix = sent.find((c) => c.type === "button" && c.index === String(i))?.parameters[0];
      const url =
        b.type === "URL" && b.url
          ? b.url.replace("{{1}}", suffix && suffix.type === "text" ? suffix.text : "")
          : undefined;
      return { text: b.otp_type ? otpButtonLabel({ ...b, otp_type: b.otp_type }) : (b.text ?? ""), url };
    }),
  };
}

/** A header image's link; an uploaded image sent by its hash (older test sends) as that hash. */
function imageOf(p: MetaBasicComponent["parameters"][number] | undefined): string | undefined {
  if (p?.type !== "image") return undefined;
  if ("link" in p.image) return p.image.link;
  return /^[0-9a-f]{64}$/.test(p.image.id) ? p.image.id : undefined;
}

function attachmentOf(
  p: MetaBasicComponent["parameters"][number] | undefined,
): PreviewAttachment | undefined {
  if (p?.type === "document")
    return {
      kind: "document",
      name: p.document.filename ?? "Document",
      url: "link" in p.document ? p.document.link : undefined,
    };
  if (p?.type === "video")
    return { kind: "video", name: "Video", url: "link" in p.video ? p.video.link : undefined };
  return undefined;
}
