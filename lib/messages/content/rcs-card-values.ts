import { AppError } from "../../errors";
import type { ChatappMessageComponent } from "../schemas";
import type { RcsCardValues } from "./rcs-content";

/**
 * Each card's values of an RCS template send, by `card_index`. A standalone card is card 0, so
 * the top-level BODY/HEADER (the forms for a standalone card) and a CAROUSEL card with
 * `card_index` 0 say the same thing: one of them, not both.
 */
export type RcsCards = (RcsCardValues | undefined)[];

/** A component in the spec's shape (A5, C2, E1): BODY variables, HEADER media, CAROUSEL cards. */
export type SpecRcsComponent = {
  type?: string;
  variables?: Array<{ type?: string; value?: string }>;
  media?: { mediaUrl?: string };
  cards?: Array<{ card_index?: number; components?: SpecRcsComponent[] }>;
};

/** The card values of spec-shaped components; `fill` turns each text into its value. */
export function rcsCardsFromSpec(
  components: SpecRcsComponent[] | undefined,
  fill: (text: string | undefined) => string = (t) => t ?? "",
  path = "message.components",
): RcsCards {
  const list = components ?? [];
  const top = cardOf(list, fill);
  const cards: RcsCards = top ? [{ ...top, topLevel: true }] : [];
  const topGiven = !!top;
  list.forEach((c, i) => {
    if ((c.type ?? "").toUpperCase() !== "CAROUSEL") return;
    (c.cards ?? []).forEach((card, j) => {
      const at = `${path}.${i}.cards.${j}.card_index`;
      place(cards, card.card_index ?? j, cardOf(card.components ?? [], fill) ?? { values: [] }, at, topGiven);
    });
  });
  return cards;
}

/**
 * The card values of A2's components (a template by name): header media and body text
 * parameters for card 0, and a `carousel` component's cards by `card_index`.
 */
export function rcsCardsFromParameters(
  components: ChatappMessageComponent[],
  path = "message.components",
): RcsCards {
  const cards: RcsCards = [];
  const top = partsOf(
    components.filter((c) => c.componentType !== "carousel"),
    path,
  );
  if (top) cards[0] = { ...top, topLevel: true };
  components.forEach((c, i) => {
    if (c.componentType !== "carousel") return;
    c.cards.forEach((card, j) => {
      const values = partsOf(card.components, `${path}.${i}.cards.${j}`) ?? { values: [] };
      place(cards, card.card_index, values, `${path}.${i}.cards.${j}.card_index`, !!top);
    });
  });
  return cards;
}

function cardOf(
  list: SpecRcsComponent[],
  fill: (t: string | undefined) => string,
): RcsCardValues | undefined {
  const body = list.filter((c) => (c.type ?? "").toUpperCase() === "BODY");
  const header = list.find((c) => (c.type ?? "").toUpperCase() === "HEADER");
  if (body.length === 0 && !header) return undefined;
  const values = body.flatMap((c) => (c.variables ?? []).map((v) => fill(v.value)));
  const mediaUrl = header?.media?.mediaUrl ? fill(header.media.mediaUrl) : undefined;
  return mediaUrl ? { values, mediaUrl } : { values };
}

type Parts = { componentType: string; parameters: Array<Record<string, unknown> & { type: string }> };

function partsOf(components: Parts[], path: string): RcsCardValues | undefined {
  if (components.length === 0) return undefined;
  const values: string[] = [];
  let mediaUrl: string | undefined;
  for (const c of components) {
    for (const p of c.parameters) {
      if (p.type === "text") values.push(String(p.text));
      else if (p.type === "date") values.push(String(p.date));
      else if (p.type === "media" && c.componentType === "header") {
        const link = (p.mediaLink ?? p.mediaId) as string | undefined;
        if (link && /^https?:\/\//i.test(link)) mediaUrl = link;
      } else
        throw bad(
          path,
          "An RCS template takes text (or date) parameters for its variables and media in the header component only",
        );
    }
  }
  return mediaUrl ? { values, mediaUrl } : { values };
}

function place(cards: RcsCards, index: number, values: RcsCardValues, path: string, topGiven: boolean) {
  if (index === 0 && topGiven)
    throw bad(
      path,
      "Card 0 is given twice: at the top level (BODY/HEADER) and as card_index 0; give it once",
    );
  if (cards[index]) throw bad(path, `card_index ${index} is given twice`);
  cards[index] = values;
}

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);
