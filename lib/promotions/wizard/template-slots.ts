import { cardContentsOf, type RcsRichCard } from "../../templates/rcs-schemas";
import { type TemplateView } from "../../templates/schemas";
import { cardFields } from "../../templates/rcs-schemas";
import { variablesOf } from "../../templates/variables";

/**
 * What the wizard knows of an APPROVED template; `images` are the public addresses of its own
 * uploaded images (the header's, or card by card), for the header slots' default.
 */
export type WizardTemplate = Pick<
  TemplateView,
  "id" | "name" | "language" | "channel" | "category" | "components" | "rcsCard"
> & { images?: string[] };

/**
 * One value a send of the template needs: a body variable, a header's media URL, a URL
 * button's suffix. An image slot says so (`media`) and names the template's own image, if any.
 */
export type Slot = { key: string; label: string; sample?: string; media?: "image"; image?: string };

/**
 * A slot's value: a list column (`${column}` per recipient) or the same text for everyone;
 * for an image, also the template's own image or an upload (both a URL, the same for everyone).
 */
export type SlotValue = { kind: "column" | "text" | "template" | "upload"; value: string };

const numbered = (text: string) => variablesOf(text).sort((a, b) => a - b);
const REF = /^\$\{\s*([^{}]+?)\s*\}$/;

function cardsOf(t: WizardTemplate) {
  const carousel = t.components.find((c) => c.type === "CAROUSEL");
  return carousel?.type === "CAROUSEL" ? carousel.cards : [];
}

/** Each card's variable numbers (one card for a standalone card; each card numbers its own). */
function rcsCardVariables(card: RcsRichCard | null): number[][] {
  if (!card) return [];
  return cardContentsOf(card.richCard).map((content) =>
    [...new Set(cardFields(content).flatMap((f) => variablesOf(f.text)))].sort((a, b) => a - b),
  );
}
const rcsVariables = (card: RcsRichCard | null): number[] => rcsCardVariables(card)[0] ?? [];
const isRcsCarousel = (card: RcsRichCard | null) => !!card && "carouselCard" in card.richCard;

/** An RCS carousel's slots: card by card, keyed as a chatapp carousel card's body. */
const rcsCardKeys = (card: RcsRichCard | null) =>
  rcsCardVariables(card).map((ns, ci) => ns.map((n) => ({ ci, n, key: `card.${ci}.body.${n}` })));

/** The slots of a template, in the order a person fills them in. */
export function slotsOf(t: WizardTemplate): Slot[] {
  if (t.channel === "rcs" && isRcsCarousel(t.rcsCard))
    return rcsCardKeys(t.rcsCard).flatMap((card) =>
      card.map(({ ci, n, key }) => ({ key, label: `Card ${ci + 1} {{${n}}}` })),
    );
  if (t.channel === "rcs") {
    const rich = t.rcsCard?.richCard;
    const image =
      rich && "standaloneCard" in rich
        ? rich.standaloneCard.cardContent.media?.contentInfo.fileUrl
        : undefined;
    return [
      ...(image ? [{ key: "header", label: "Card image", media: "image" as const, image }] : []),
      ...rcsVariables(t.rcsCard).map((n) => ({ key: `body.${n}`, label: `Variable {{${n}}}` })),
    ];
  }
  const slots: Slot[] = [];
  for (const c of t.components) {
    // A TEXT header is fixed text here: campaigns fill media headers only.
    if (c.type === "HEADER" && c.format !== "TEXT")
      slots.push(
        c.format === "IMAGE"
          ? { key: "header", label: "Header image", media: "image", image: t.images?.[0] }
          : { key: "header", label: `Header ${c.format.toLowerCase()} URL` },
      );
    if (c.type === "BODY") {
      const samples = c.example?.body_text?.[0] ?? [];
      for (const n of numbered(c.text))
        slots.push({ key: `body.${n}`, label: `Body {{${n}}}`, sample: samples[n - 1] });
    }
    if (c.type === "BUTTONS")
      urlButtons(c.buttons).forEach(({ b, i }) =>
        slots.push({ key: `button.${i}`, label: `Button “${b.text}” link {{1}}`, sample: b.example?.[0] }),
      );
  }
  cardsOf(t).forEach((card, ci) => {
    for (const cc of card.components) {
      if (cc.type === "HEADER")
        slots.push({
          key: `card.${ci}.header`,
          label: `Card ${ci + 1} image`,
          media: "image",
          image: t.images?.[ci],
        });
      if (cc.type === "BODY") {
        const samples = cc.example?.body_text?.[0] ?? [];
        for (const n of numbered(cc.text))
          slots.push({
            key: `card.${ci}.body.${n}`,
            label: `Card ${ci + 1} {{${n}}}`,
            sample: samples[n - 1],
          });
      }
      if (cc.type === "BUTTONS")
        urlButtons(cc.buttons).forEach(({ b, i }) =>
          slots.push({
            key: `card.${ci}.button.${i}`,
            label: `Card ${ci + 1} button “${b.text}” link {{1}}`,
            sample: b.example?.[0],
          }),
        );
    }
  });
  return slots;
}

/** The value as E1 stores it: `${column}` or the text. */
export const encodeSlot = (v: SlotValue | undefined): string =>
  !v ? "" : v.kind === "column" ? `\${${v.value}}` : v.value;

/** A stored E1 value back into the wizard's form (duplicate as new). */
export function decodeSlot(value: string | undefined): SlotValue {
  const m = REF.exec(value ?? "");
  return m ? { kind: "column", value: m[1]! } : { kind: "text", value: value ?? "" };
}

/** A stored header URL: the template's own image, an upload of the business, a column or a URL. */
function decodeImage(value: string | undefined, own: string | undefined): SlotValue {
  if (value && value === own) return { kind: "template", value };
  if (value && /\/media\/[0-9a-f-]{36}\/[0-9a-f]{64}$/.test(value)) return { kind: "upload", value };
  return decodeSlot(value);
}

type Values = Record<string, SlotValue | undefined>;
const vars = (keys: string[], values: Values) =>
  keys.map((k) => ({ type: "text", value: encodeSlot(values[k]) }));
const bodyKeys = (text: string, prefix: string) => numbered(text).map((n) => `${prefix}body.${n}`);

type TemplateButton = { type: string; text?: string; url?: string; example?: string[] };

/** The URL buttons with a {{1}} suffix, with their position among the component's buttons. */
const urlButtons = (buttons: readonly TemplateButton[]) =>
  buttons.flatMap((b, i) => (b.type === "URL" && b.url?.includes("{{1}}") ? [{ b, i }] : []));

/** E1's BUTTON components (url suffix) of a template's or a card's buttons. */
const buttonComponents = (buttons: readonly TemplateButton[], prefix: string, values: Values) =>
  urlButtons(buttons).map(({ i }) => ({
    type: "BUTTON",
    sub_type: "url",
    index: i,
    variables: vars([`${prefix}button.${i}`], values),
  }));

/** E1's `template.components` for the template with the wizard's values. */
export function buildComponents(t: WizardTemplate, values: Values): unknown[] {
  if (t.channel === "rcs" && isRcsCarousel(t.rcsCard)) {
    // E1 addresses a carousel's cards by card_index.
    const cards = rcsCardKeys(t.rcsCard).map((card, ci) => ({
      card_index: ci,
      components: card.length
        ? [
            {
              type: "BODY",
              variables: vars(
                card.map((c) => c.key),
                values,
              ),
            },
          ]
        : [],
    }));
    return [{ type: "CAROUSEL", cards }];
  }
  if (t.channel === "rcs") {
    const keys = rcsVariables(t.rcsCard).map((n) => `body.${n}`);
    // The card's own image needs no HEADER: the approved card is sent as it is.
    const image = values.header && values.header.kind !== "template" ? encodeSlot(values.header) : "";
    return [
      ...(image ? [{ type: "HEADER", format: "IMAGE", media: { mediaUrl: image } }] : []),
      ...(keys.length ? [{ type: "BODY", variables: vars(keys, values) }] : []),
    ];
  }
  const out: unknown[] = [];
  for (const c of t.components) {
    if (c.type === "HEADER" && c.format !== "TEXT")
      out.push({ type: "HEADER", format: c.format, media: { mediaUrl: encodeSlot(values.header) } });
    if (c.type === "BODY" && numbered(c.text).length)
      out.push({ type: "BODY", variables: vars(bodyKeys(c.text, ""), values) });
    if (c.type === "BUTTONS") out.push(...buttonComponents(c.buttons, "", values));
  }
  const cards = cardsOf(t);
  if (cards.length) {
    out.push({
      type: "CAROUSEL",
      cards: cards.map((card, ci) => ({
        card_index: ci,
        components: card.components.flatMap<unknown>((cc) => {
          if (cc.type === "HEADER")
            return [
              {
                type: "HEADER",
                format: "IMAGE",
                media: { mediaUrl: encodeSlot(values[`card.${ci}.header`]) },
              },
            ];
          if (cc.type === "BODY" && numbered(cc.text).length)
            return [{ type: "BODY", variables: vars(bodyKeys(cc.text, `card.${ci}.`), values) }];
          if (cc.type === "BUTTONS") return buttonComponents(cc.buttons, `card.${ci}.`, values);
          return [];
        }),
      })),
    });
  }
  return out;
}

type Stored = {
  type?: string;
  index?: number | string;
  media?: { mediaUrl?: string };
  variables?: { value?: string }[];
  cards?: { card_index?: number; components?: Stored[] }[];
};

/** The wizard's values from a promotion's stored components (the inverse of buildComponents). */
export function valuesFromComponents(t: WizardTemplate, components: unknown): Values {
  const values: Values = {};
  const list = Array.isArray(components) ? (components as Stored[]) : [];
  const body = (c: Stored, keys: string[]) =>
    keys.forEach((k, i) => (values[k] = decodeSlot(c.variables?.[i]?.value)));
  const textOf = (cs: readonly { type: string; text?: string }[] | undefined) =>
    cs?.find((x) => x.type === "BODY")?.text ?? "";
  for (const c of list) {
    const type = (c.type ?? "").toUpperCase();
    if (type === "HEADER") values.header = decodeImage(c.media?.mediaUrl, t.images?.[0]);
    if (type === "BODY") {
      const keys =
        t.channel === "rcs"
          ? rcsVariables(t.rcsCard).map((n) => `body.${n}`)
          : bodyKeys(textOf(t.components), "");
      body(c, keys);
    }
    if (type === "BUTTON") values[`button.${c.index ?? 0}`] = decodeSlot(c.variables?.[0]?.value);
    if (type === "CAROUSEL") {
      const cards = cardsOf(t);
      for (const card of c.cards ?? []) {
        const ci = card.card_index ?? 0;
        for (const cc of card.components ?? []) {
          const ct = (cc.type ?? "").toUpperCase();
          if (ct === "HEADER") values[`card.${ci}.header`] = decodeImage(cc.media?.mediaUrl, t.images?.[ci]);
          if (ct === "BODY")
            body(
              cc,
              t.channel === "rcs"
                ? (rcsCardKeys(t.rcsCard)[ci] ?? []).map((k) => k.key)
                : bodyKeys(textOf(cards[ci]?.components), `card.${ci}.`),
            );
          if (ct === "BUTTON")
            values[`card.${ci}.button.${cc.index ?? 0}`] = decodeSlot(cc.variables?.[0]?.value);
        }
      }
    }
  }
  return values;
}
