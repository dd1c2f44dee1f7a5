/**
 * Builds the `template` object of a Cloud API message send, as Meta documents it:
 *   { name, language: { code }, components: [
 *       { type: "header", parameters: [{ type: "image", image: { link } | { id } }] },
 *       { type: "body", parameters: [{ type: "text", text }] },
 *       { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text }] } ] }
 * The messages domain hands over components either already in that shape or in the spec's
 * request shape (`componentType`, media parameters with `mediaLink`/`mediaId`), so both are
 * accepted and normalised here; anything else is dropped rather than sent malformed.
 */
export type GraphParameter =
  { type: "text"; text: string } | { type: "image"; image: { link: string } | { id: string } };

export type GraphComponent = {
  type: "header" | "body" | "button";
  sub_type?: string;
  index?: string;
  parameters: GraphParameter[];
};

export type GraphTemplate = { name: string; language: { code: string }; components: GraphComponent[] };

type Loose = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

export function toGraphTemplate(name: string, language: string, components: unknown[]): GraphTemplate {
  const out: GraphComponent[] = [];
  let buttonIndex = 0;
  for (const raw of components) {
    if (!raw || typeof raw !== "object") continue;
    const c = raw as Loose;
    const type = (str(c.type) ?? str(c.componentType))?.toLowerCase();
    if (type !== "header" && type !== "body" && type !== "button") continue;
    const parameters = (Array.isArray(c.parameters) ? c.parameters : [])
      .map(toGraphParameter)
      .filter((p): p is GraphParameter => p !== undefined);
    if (type === "button") {
      const index = str(c.index) ?? String(buttonIndex);
      buttonIndex = Number(index) + 1;
      out.push({ type, sub_type: str(c.sub_type) ?? "url", index, parameters });
    } else {
      out.push({ type, parameters });
    }
  }
  return { name, language: { code: language }, components: out };
}

function toGraphParameter(raw: unknown): GraphParameter | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const p = raw as Loose;
  if (p.type === "text") {
    const text = str(p.text);
    return text === undefined ? undefined : { type: "text", text };
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
