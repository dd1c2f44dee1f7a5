/**
 * Builds the `template` object of a Cloud API message send, as Meta documents it:
 *   { name, language: { code }, components: [
 *       { type: "header", parameters: [{ type: "image", image: { link } | { id } }] },
 *       { type: "header", parameters: [{ type: "document", document: { link | id, filename } }] },
 *       { type: "body", parameters: [{ type: "text", text }, { type: "currency", currency:
 *           { fallback_value, code, amount_1000 } }, { type: "date_time", date_time: { fallback_value } }] },
 *       { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text }] },
 *       { type: "carousel", cards: [{ card_index: 0, components: [header, body, buttons
 *           (sub_type "url" with a text, or "quick_reply" with { type: "payload", payload })] }] } ] }
 * The messages domain hands over components either already in that shape or in the spec's
 * request shape (`componentType`, media parameters with `mediaLink`/`mediaId`), so both are
 * accepted and normalised here; anything else is dropped rather than sent malformed.
 */
type GraphMedia = { link: string } | { id: string };

export type GraphParameter =
  | { type: "text"; text: string }
  | { type: "currency"; currency: { fallback_value: string; code: string; amount_1000: number } }
  | { type: "date_time"; date_time: { fallback_value: string } }
  | { type: "image"; image: GraphMedia }
  | { type: "video"; video: GraphMedia }
  | { type: "document"; document: GraphMedia & { filename?: string } }
  | { type: "payload"; payload: string };

export type GraphBasicComponent = {
  type: "header" | "body" | "button";
  sub_type?: string;
  index?: string;
  parameters: GraphParameter[];
};

export type GraphCard = { card_index: number; components: GraphBasicComponent[] };
export type GraphComponent = GraphBasicComponent | { type: "carousel"; cards: GraphCard[] };

export type GraphTemplate = { name: string; language: { code: string }; components: GraphComponent[] };

type Loose = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);
const typeOf = (c: Loose) => (str(c.type) ?? str(c.componentType))?.toLowerCase();

export function toGraphTemplate(name: string, language: string, components: unknown[]): GraphTemplate {
  const out: GraphComponent[] = [];
  for (const raw of components) {
    if (raw && typeof raw === "object" && typeOf(raw as Loose) === "carousel") {
      const cards = (raw as Loose).cards;
      out.push({ type: "carousel", cards: (Array.isArray(cards) ? cards : []).flatMap(toGraphCard) });
    }
  }
  // Meta lists the carousel after the top body; the other components keep their order.
  return { name, language: { code: language }, components: [...toGraphBasic(components), ...out] };
}

function toGraphCard(raw: unknown): GraphCard[] {
  if (!raw || typeof raw !== "object") return [];
  const card = raw as Loose;
  const index = Number(str(card.card_index));
  if (!Number.isInteger(index) || index < 0) return [];
  return [
    { card_index: index, components: toGraphBasic(Array.isArray(card.components) ? card.components : []) },
  ];
}

function toGraphBasic(components: unknown[]): GraphBasicComponent[] {
  const out: GraphBasicComponent[] = [];
  let buttonIndex = 0;
  for (const raw of components) {
    if (!raw || typeof raw !== "object") continue;
    const c = raw as Loose;
    const type = typeOf(c);
    if (type !== "header" && type !== "body" && type !== "button") continue;
    const parameters = (Array.isArray(c.parameters) ? c.parameters : [])
      .map(toGraphParameter)
      .filter((p): p is GraphParameter => p !== undefined);
    if (type === "button") {
      const index = str(c.index) ?? String(buttonIndex);
      buttonIndex = Number(index) + 1;
      const payload = parameters.some((p) => p.type === "payload");
      out.push({
        type,
        sub_type: str(c.sub_type)?.toLowerCase() ?? (payload ? "quick_reply" : "url"),
        index,
        parameters,
      });
    } else {
      out.push({ type, parameters });
    }
  }
  return out;
}

const mediaOf = (link: string | undefined, id: string | undefined): GraphMedia | undefined =>
  link ? { link } : id ? (/^https?:\/\//i.test(id) ? { link: id } : { id }) : undefined;

function graphMedia(kind: string, media: GraphMedia, filename: string | undefined): GraphParameter {
  if (kind === "document") return { type: "document", document: filename ? { ...media, filename } : media };
  return kind === "video" ? { type: "video", video: media } : { type: "image", image: media };
}

function toGraphParameter(raw: unknown): GraphParameter | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const p = raw as Loose;
  if (p.type === "text") {
    const text = str(p.text);
    return text === undefined ? undefined : { type: "text", text };
  }
  if (p.type === "payload") {
    const payload = str(p.payload);
    return payload === undefined ? undefined : { type: "payload", payload };
  }
  if (p.type === "currency" && p.currency && typeof p.currency === "object") {
    const c = p.currency as Loose;
    const code = str(c.code);
    const fallback = str(c.fallback_value);
    const amount = Number(c.amount_1000);
    return code && fallback !== undefined && Number.isInteger(amount)
      ? { type: "currency", currency: { fallback_value: fallback, code, amount_1000: amount } }
      : undefined;
  }
  if (p.type === "date_time" && p.date_time && typeof p.date_time === "object") {
    const fallback = str((p.date_time as Loose).fallback_value);
    return fallback === undefined
      ? undefined
      : { type: "date_time", date_time: { fallback_value: fallback } };
  }
  // Meta's own media shapes, passed through.
  for (const kind of ["image", "video", "document"] as const) {
    const m = p[kind];
    if (p.type === kind && m && typeof m === "object") {
      const media = mediaOf(str((m as Loose).link), str((m as Loose).id));
      return media ? graphMedia(kind, media, str((m as Loose).filename)) : undefined;
    }
  }
  // The spec's shape: { type: "media", mediaType, mediaLink | mediaId, fileName? }.
  if (p.type === "media") {
    const media = mediaOf(str(p.mediaLink), str(p.mediaId));
    const kind = str(p.mediaType)?.toLowerCase() ?? "image";
    return media ? graphMedia(kind, media, str(p.fileName)) : undefined;
  }
  return undefined;
}
