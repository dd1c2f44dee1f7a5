/**
 * Builds the `template` object of a Cloud API message send, as Meta documents it:
 *   { name, language: { code }, components: [
 *       { type: "header", parameters: [{ type: "image", image: { link } | { id } }] },
 *       { type: "body", parameters: [{ type: "text", text }] },
 *       { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text }] },
 *       { type: "carousel", cards: [{ card_index: 0, components: [header, body, buttons
 *           (sub_type "url" with a text, or "quick_reply" with { type: "payload", payload })] }] } ] }
 * The messages domain hands over components either already in that shape or in the spec's
 * request shape (`componentType`, media parameters with `mediaLink`/`mediaId`), so both are
 * accepted and normalised here; anything else is dropped rather than sent malformed.
 */
export type GraphParameter =
  | { type: "text"; text: string }
  | { type: "image"; image: { link: string } | { id: string } }
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
  // Meta's own shape, passed through.
  if (p.type === "image" && p.image && typeof p.image === "object") {
    const img = p.image as Loose;
    const link = str(img.link);
    const id = str(img.id);
    return link ? { type: "image", image: { link } } : id ? { type: "image", image: { id } } : undefined;
  }
  // The spec's shape: { type: "media", mediaType: "image", mediaLink | mediaId }.
  if (p.type === "media") {
    const link = str(p.mediaLink);
    const id = str(p.mediaId);
    if (link) return { type: "image", image: { link } };
    if (id)
      return /^https?:\/\//i.test(id)
        ? { type: "image", image: { link: id } }
        : { type: "image", image: { id } };
  }
  return undefined;
}
