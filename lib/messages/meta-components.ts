import { AppError, type ErrorDetail } from "../errors";
import type { MessageParameter } from "./schemas";

/**
 * Meta's send shape (Cloud API `template.components`), what `messages.content` stores:
 *   { type: "header", parameters: [{ type: "image", image: { link } | { id } }] }
 *   { type: "body", parameters: [{ type: "text", text }] }
 *   { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text }] }
 *   { type: "button", sub_type: "quick_reply", index: "1", parameters: [{ type: "payload", payload }] }
 *   { type: "carousel", cards: [{ card_index: 0, components: [header, body?, buttons...] }] }
 */
export type MetaParameter =
  | { type: "text"; text: string }
  | { type: "image"; image: { link: string } | { id: string } }
  | { type: "payload"; payload: string };

export type MetaBasicComponent = {
  type: "header" | "body" | "button";
  sub_type?: "url" | "quick_reply";
  index?: string;
  parameters: MetaParameter[];
};

export type MetaCard = { card_index: number; components: MetaBasicComponent[] };
export type MetaCarouselComponent = { type: "carousel"; cards: MetaCard[] };
export type MetaComponent = MetaBasicComponent | MetaCarouselComponent;

/**
 * A template's parameters checked against the request's components. `slots` is the number of
 * text parameters (the B1 order: header, body, URL buttons; for a carousel, the top body then
 * card by card); `build(values)` gives the Meta components with those texts, media and
 * quick-reply payloads kept as sent.
 */
export type ComponentPlan = { slots: number; build: (values: readonly string[]) => MetaComponent[] };

export const failWith = (details: ErrorDetail[]): never => {
  throw new AppError(
    "invalid_request",
    `Invalid request: ${details[0]!.path}: ${details[0]!.message}`,
    details,
  );
};

/** The texts of the text parameters, in order. */
export const textsOf = (parameters: readonly { type: string; text?: string }[]): string[] =>
  parameters.flatMap((p) => (p.type === "text" && p.text !== undefined ? [p.text] : []));

/** A request media parameter as Meta's image parameter (a URL in `mediaId` is a link). */
export function toMetaMedia(p: { type: string }): MetaParameter {
  const m = p as Extract<MessageParameter, { type: "media" }>;
  if (m.mediaLink) return { type: "image", image: { link: m.mediaLink } };
  const id = m.mediaId!;
  return /^https?:\/\//i.test(id) ? { type: "image", image: { link: id } } : { type: "image", image: { id } };
}
