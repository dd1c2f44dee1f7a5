import { AppError, type ErrorDetail } from "../../errors";
import type { BodyParameter, MediaParameter } from "./parameter-schemas";

/**
 * Meta's send shape (Cloud API `template.components`), what `messages.content` stores:
 *   { type: "header", parameters: [{ type: "image", image: { link } | { id } }] }
 *   { type: "header", parameters: [{ type: "document", document: { link | id, filename } }] }
 *   { type: "body", parameters: [{ type: "text", text }, { type: "currency", currency:
 *       { fallback_value, code, amount_1000 } }, { type: "date_time", date_time: { fallback_value } }] }
 *   { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text }] }
 *   { type: "button", sub_type: "quick_reply", index: "1", parameters: [{ type: "payload", payload }] }
 *   { type: "carousel", cards: [{ card_index: 0, components: [header, body?, buttons...] }] }
 */
type MetaMedia = { link: string } | { id: string };

export type MetaParameter =
  | { type: "text"; text: string }
  | { type: "currency"; currency: { fallback_value: string; code: string; amount_1000: number } }
  | { type: "date_time"; date_time: { fallback_value: string } }
  | { type: "image"; image: MetaMedia }
  | { type: "video"; video: MetaMedia }
  | { type: "document"; document: MetaMedia & { filename?: string } }
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
 * variable parameters (the B1 order: body (text, currency, date), URL buttons; for a carousel,
 * the top body then card by card); `build(values)` gives the Meta components with the slots
 * filled by `values` (a B1 subscriber's variables; without them, as sent), media and
 * quick-reply payloads kept as sent. `problem(values)` says why values do not fit the slots
 * (a currency slot takes an amount).
 */
export type ComponentPlan = {
  slots: number;
  /**
   * A subscriber's values as the plan takes them: an authentication template's code given
   * twice (its body and its OTP button, as OTP clients send it) is taken once.
   */
  fit?: (values: readonly string[]) => readonly string[];
  build: (values?: readonly string[]) => MetaComponent[];
  problem: (values: readonly string[]) => string | undefined;
};

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

/** A request media parameter as Meta's image, video or document (a URL in `mediaId` is a link). */
export function toMetaMedia(p: { type: string }): MetaParameter {
  const m = p as MediaParameter;
  const id = m.mediaId!;
  const media: MetaMedia = m.mediaLink
    ? { link: m.mediaLink }
    : /^https?:\/\//i.test(id)
      ? { link: id }
      : { id };
  if (m.mediaType === "document")
    return { type: "document", document: m.fileName ? { ...media, filename: m.fileName } : media };
  return m.mediaType === "video" ? { type: "video", video: media } : { type: "image", image: media };
}

/** A decimal amount as written in a B1 variable ("100.99", "-5", "1,250.50"). */
export function parseAmount(value: string): number | undefined {
  const v = value.trim().replace(/,/g, "");
  if (!/^-?\d{1,13}(\.\d{1,3})?$/.test(v)) return undefined;
  return Number(v);
}

/** How an amount reads where the client cannot localise it, e.g. "$100.99", "₹1,250.00". */
export function formatAmount(code: string, amount: number): string {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code }).format(amount);
  } catch {
    return `${code} ${amount}`;
  }
}

/**
 * A body parameter as Meta's, `value` (a B1 variable) in place of what was sent: a date's text,
 * a currency's amount (the fallback is then written from the amount), a text.
 */
export function toMetaBody(p: BodyParameter, value?: string): MetaParameter {
  if (p.type === "date") return { type: "date_time", date_time: { fallback_value: value ?? p.date } };
  if (p.type === "text") return { type: "text", text: value ?? p.text };
  const amount = value === undefined ? p.amount : (parseAmount(value) ?? p.amount);
  const fallback = value === undefined && p.fallback_value ? p.fallback_value : formatAmount(p.code, amount);
  return {
    type: "currency",
    currency: { fallback_value: fallback, code: p.code, amount_1000: Math.round(amount * 1000) },
  };
}

/** A slot's value as a B1 variable would carry it. */
export const slotValueOf = (p: BodyParameter): string =>
  p.type === "text" ? p.text : p.type === "date" ? p.date : String(p.amount);

/** What the recipient reads for a text, currency or date parameter (previews). */
export function displayText(p: MetaParameter): string | undefined {
  if (p.type === "text") return p.text;
  if (p.type === "currency") return p.currency.fallback_value;
  if (p.type === "date_time") return p.date_time.fallback_value;
  return undefined;
}
