import type { MetaComponent, MetaParameter } from "../../messages/content/template-content";
import {
  rcsCardsFromSpec,
  type RcsCards,
  type SpecRcsComponent,
} from "../../messages/content/rcs-card-values";
import { fillReferences } from "../column-references";

/**
 * A promotion's template components as E1 writes them (spec "full promotion record"): BODY
 * {variables [{type, value}]}, HEADER {format, media {mediaUrl, fileName}}, BUTTON {sub_type,
 * index, variables}, CAROUSEL {cards [{card_index, components}]}; values may hold `${column}`.
 * Components already in Meta's shape (with `parameters`) are taken as they are.
 */
type SpecVariable = { type?: string; value?: string };
type SpecComponent = {
  type?: string;
  format?: string;
  media?: { mediaUrl?: string; fileName?: string };
  variables?: SpecVariable[];
  sub_type?: string;
  index?: number | string;
  cards?: Array<{ card_index?: number; components?: SpecComponent[] }>;
  parameters?: unknown[];
};

export type Vars = Readonly<Record<string, string | undefined>>;

/** Fills `${column}` references; the columns without a value are collected in `missing`. */
function filler(vars: Vars, missing: Set<string>) {
  return (text: string | undefined): string => {
    const r = fillReferences(text ?? "", vars);
    for (const m of r.missing) missing.add(m);
    return r.text;
  };
}

function headerParameter(c: SpecComponent, fill: (t?: string) => string): MetaParameter {
  const link = fill(c.media?.mediaUrl);
  const format = (c.format ?? "IMAGE").toUpperCase();
  if (format === "DOCUMENT")
    return {
      type: "document",
      document: c.media?.fileName ? { link, filename: c.media.fileName } : { link },
    };
  return format === "VIDEO" ? { type: "video", video: { link } } : { type: "image", image: { link } };
}

function convert(c: SpecComponent, fill: (t?: string) => string): MetaComponent | null {
  const type = (c.type ?? "").toUpperCase();
  if (Array.isArray(c.parameters)) {
    // Meta's shape already: fill any reference inside its strings.
    return JSON.parse(JSON.stringify(c), (_k, v: unknown) => (typeof v === "string" ? fill(v) : v));
  }
  const texts = (c.variables ?? []).map((v) => ({ type: "text" as const, text: fill(v.value) }));
  if (type === "HEADER") return c.media ? { type: "header", parameters: [headerParameter(c, fill)] } : null;
  if (type === "BODY") return texts.length > 0 ? { type: "body", parameters: texts } : null;
  if (type === "BUTTON" || type === "BUTTONS") {
    if (texts.length === 0) return null;
    return { type: "button", sub_type: "url", index: String(c.index ?? 0), parameters: texts };
  }
  if (type === "CAROUSEL") {
    return {
      type: "carousel",
      cards: (c.cards ?? []).map((card, i) => ({
        card_index: card.card_index ?? i,
        components: (card.components ?? []).flatMap((cc) => {
          const m = convert(cc, fill);
          return m && m.type !== "carousel" ? [m] : [];
        }),
      })),
    };
  }
  return null;
}

/** Meta send components of a chatapp promotion, filled from one recipient's values. */
export function toMetaComponents(
  components: unknown,
  vars: Vars,
): { components: MetaComponent[]; missing: string[] } {
  const missing = new Set<string>();
  const fill = filler(vars, missing);
  const list = Array.isArray(components) ? (components as SpecComponent[]) : [];
  const out = list.flatMap((c) => {
    const m = convert(c, fill);
    return m ? [m] : [];
  });
  return { components: out, missing: [...missing] };
}

/**
 * An RCS template's card values from spec components, by card_index (BODY variables and the
 * HEADER's media URL for card 0, a CAROUSEL's cards by index), filled from one recipient's values.
 */
export function toRcsValues(
  components: unknown,
  vars: Vars,
  path = "template.components",
): { cards: RcsCards; missing: string[] } {
  const missing = new Set<string>();
  const list = Array.isArray(components) ? (components as SpecRcsComponent[]) : [];
  const cards = rcsCardsFromSpec(list, filler(vars, missing), path);
  return { cards, missing: [...missing] };
}
