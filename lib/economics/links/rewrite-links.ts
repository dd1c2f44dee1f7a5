import type { OutboundMessage } from "../../channels/message-provider";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { trackedUrl } from "./link-base";

type Content = OutboundMessage["content"];
type Json = Record<string, unknown>;

/** A link the rewritten message now carries instead of `url`. */
export type NewLink = { code: string; url: string };

/**
 * http(s) URLs in running text: RFC 3986's characters, and letters and digits of any script (a
 * shop's path in Hindi), so an emoji or a quote right after a URL is not taken into it;
 * trailing punctuation belongs to the sentence, not the URL.
 */
const URL_IN_TEXT = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%\p{L}\p{N}\p{M}]+/giu;
const TRAILING = /[.,;:!?)\]}]+$/u;
const ABSOLUTE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/**
 * One message's content with its links made tracked links (docs/economics.md, "Clicks"): every
 * http(s) URL in a template's text parameters (body, header, carousel cards' bodies), in an RCS
 * text, or in an RCS card's title, description and openUrl suggestions becomes
 * `<base>/l/<code>`, one code per distinct URL of the message. A WhatsApp URL button is
 * tracked only where the approved template's button URL is `<base>/l/{{1}}` and the value
 * given for {{1}} is an absolute http(s) URL (the suffix becomes the code;
 * docs/decisions/tracked-clicks.md); any other button keeps its suffix. Links already on
 * `<base>/l/` and everything else are left as they are.
 */
export function rewriteLinks(
  content: Content,
  opts: { base: string; template?: { components: ChatappComponent[] } | null; newCode: () => string },
): { content: Content; links: NewLink[] } {
  const byUrl = new Map<string, string>();
  const ours = `${opts.base}/l/`;
  const codeOf = (url: string): string => {
    let code = byUrl.get(url);
    if (!code) byUrl.set(url, (code = opts.newCode()));
    return code;
  };
  const whole = (url: string): string =>
    ABSOLUTE.test(url) && !url.startsWith(ours) ? trackedUrl(opts.base, codeOf(url)) : url;
  const inText = (text: string): string =>
    text.replace(URL_IN_TEXT, (found) => {
      const url = found.replace(TRAILING, "");
      return whole(url) + found.slice(url.length);
    });

  const out = rewriteContent(content, { inText, whole, suffix: codeOf, ours, template: opts.template });
  return { content: out, links: [...byUrl].map(([url, code]) => ({ code, url })) };
}

type Rewriters = {
  inText: (t: string) => string;
  whole: (u: string) => string;
  suffix: (u: string) => string;
  ours: string;
  template?: { components: ChatappComponent[] } | null;
};

function rewriteContent(content: Content, r: Rewriters): Content {
  switch (content.kind) {
    case "template":
      return { ...content, components: content.components.map((c) => metaComponent(c, r, undefined)) };
    case "rcs_text":
    case "text":
      return { ...content, text: r.inText(content.text) };
    case "rcs_richcard":
      return { ...content, richCard: richCard(content.richCard, r) };
    default:
      return content;
  }
}

function metaComponent(c: unknown, r: Rewriters, cardIndex: number | undefined): unknown {
  if (!c || typeof c !== "object") return c;
  const comp = c as Json;
  if (comp.type === "carousel" && Array.isArray(comp.cards)) {
    return {
      ...comp,
      cards: (comp.cards as Json[]).map((card) => ({
        ...card,
        components: Array.isArray(card.components)
          ? card.components.map((x) => metaComponent(x, r, Number(card.card_index)))
          : card.components,
      })),
    };
  }
  if (!Array.isArray(comp.parameters)) return comp;
  if (comp.type === "button") {
    if (comp.sub_type !== "url") return comp;
    const base = buttonBase(r.template, cardIndex, Number(comp.index));
    if (base !== r.ours) return comp;
    return { ...comp, parameters: comp.parameters.map((p) => textParam(p, (t) => buttonSuffix(t, r))) };
  }
  return { ...comp, parameters: comp.parameters.map((p) => textParam(p, r.inText)) };
}

/** The code, as the suffix after `<base>/l/`, for an absolute URL given as a button's {{1}}. */
function buttonSuffix(value: string, r: Rewriters): string {
  return ABSOLUTE.test(value) && !value.startsWith(r.ours) ? r.suffix(value) : value;
}

function textParam(p: unknown, fn: (t: string) => string): unknown {
  const param = p as Json | null;
  return param && param.type === "text" && typeof param.text === "string"
    ? { ...param, text: fn(param.text) }
    : p;
}

/** The approved template's URL button at `index` (in card `cardIndex` of a carousel), before its {{1}}. */
function buttonBase(
  template: { components: ChatappComponent[] } | null | undefined,
  cardIndex: number | undefined,
  index: number,
): string | undefined {
  if (!template) return undefined;
  let components: ReadonlyArray<{ type: string }> = template.components;
  if (cardIndex !== undefined) {
    const carousel = components.find((c) => c.type === "CAROUSEL") as
      { cards?: Array<{ components: Array<{ type: string }> }> } | undefined;
    components = carousel?.cards?.[cardIndex]?.components ?? [];
  }
  const buttons = (
    components.find((c) => c.type === "BUTTONS") as
      { buttons?: Array<{ type: string; url?: string }> } | undefined
  )?.buttons;
  const url = buttons?.[index]?.type === "URL" ? buttons[index]!.url : undefined;
  return url?.endsWith("{{1}}") ? url.slice(0, -"{{1}}".length) : undefined;
}

function richCard(card: unknown, r: Rewriters): unknown {
  if (!card || typeof card !== "object") return card;
  const c = card as Json;
  if (c.standaloneCard && typeof c.standaloneCard === "object") {
    const s = c.standaloneCard as Json;
    return { ...c, standaloneCard: { ...s, cardContent: cardContent(s.cardContent, r) } };
  }
  if (c.carouselCard && typeof c.carouselCard === "object") {
    const k = c.carouselCard as Json;
    const contents = Array.isArray(k.cardContents)
      ? k.cardContents.map((x) => cardContent(x, r))
      : k.cardContents;
    return { ...c, carouselCard: { ...k, cardContents: contents } };
  }
  return card;
}

function cardContent(content: unknown, r: Rewriters): unknown {
  if (!content || typeof content !== "object") return content;
  const c = content as Json;
  const out: Json = { ...c };
  if (typeof c.title === "string") out.title = r.inText(c.title);
  if (typeof c.description === "string") out.description = r.inText(c.description);
  if (Array.isArray(c.suggestions)) out.suggestions = c.suggestions.map((s) => suggestion(s, r));
  return out;
}

function suggestion(s: unknown, r: Rewriters): unknown {
  const sg = s as Json | null;
  const action = sg?.action as Json | undefined;
  const open = action?.openUrlAction as Json | undefined;
  if (!sg || !action || !open || typeof open.url !== "string") return s;
  return { ...sg, action: { ...action, openUrlAction: { ...open, url: r.whole(open.url) } } };
}
