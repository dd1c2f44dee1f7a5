import { type ChatappComponent } from "./chatapp-schemas";
import { cardContentsOf, cardFields } from "./rcs-schemas";
import { type TemplateView } from "./schemas";
import { variablesOf } from "./variables";

export type TestMedia = "image" | "document" | "video";

/**
 * Where a test value goes: the header's media or its text's {{1}}, a body variable, or a URL
 * button's {{1}} (an OTP button repeats the body's code, so it takes none);
 * `card` (from 0) places it on that card of a carousel.
 */
export type TestTarget =
  | { part: "header"; media: TestMedia; card?: number }
  | { part: "headerText"; card?: undefined }
  | { part: "body"; card?: number }
  | { part: "button"; index: number; card?: number };

/**
 * One value a test send needs, with the template's own sample pre-filled. A media value is an
 * http(s) URL or the hash of an image this business uploaded (the template's own image is
 * pre-filled that way).
 */
export type TestField = { label: string; example: string; target: TestTarget };

type Components = ChatappComponent[];
const find = <T extends ChatappComponent["type"]>(cs: Components, type: T) =>
  cs.find((c) => c.type === type) as Extract<ChatappComponent, { type: T }> | undefined;

/**
 * The values a test send of a template needs, in send order: for chatapp the header's media,
 * the body's variables, the URL buttons' suffixes, then card by card for a carousel (its image,
 * body variables, URL suffixes); for RCS the card's variables across the card, card by card
 * for a carousel. Every approved
 * template can be tested this way.
 */
export function testSlotsOf(t: TemplateView): TestField[] {
  if (t.channel === "rcs") {
    const card = t.rcsCard?.richCard;
    if (!card) return [];
    const carousel = "carouselCard" in card;
    // Each card numbers its variables on its own: a carousel's slots say their card.
    return cardContentsOf(card).flatMap((c, i) =>
      variablesOf(
        cardFields(c)
          .map((f) => f.text)
          .join(" "),
      ).map((n) => ({
        label: carousel ? `Card ${i + 1} {{${n}}}` : `{{${n}}}`,
        example: "",
        target: carousel ? { part: "body" as const, card: i } : { part: "body" as const },
      })),
    );
  }
  const carousel = find(t.components, "CAROUSEL");
  return [
    ...slotsOf(t.components, "", t.mediaHashes[0]),
    ...(carousel?.cards ?? []).flatMap((card, i) =>
      slotsOf(card.components as Components, `Card ${i + 1} `, t.mediaHashes[i], i),
    ),
  ];
}

/** The slots of one component list (the template's, or a carousel card's). */
function slotsOf(cs: Components, prefix: string, ownMedia: string | undefined, card?: number): TestField[] {
  const fields: TestField[] = [];
  const header = find(cs, "HEADER");
  if (header?.format === "TEXT") {
    if (variablesOf(header.text ?? "").length > 0)
      fields.push({
        label: "Header {{1}}",
        example: header.example?.header_text?.[0] ?? "",
        target: { part: "headerText" },
      });
  } else if (header) {
    const media = header.format.toLowerCase() as TestMedia;
    fields.push({
      label: prefix ? `${prefix}${media}` : `Header ${media}`,
      // The template's own image or sample, when it has one; else the URL a send gives.
      example: ownMedia || (header.example?.header_handle?.[0] ?? ""),
      target: { part: "header", media, card },
    });
  }
  const body = find(cs, "BODY");
  const samples = body?.example?.body_text?.[0] ?? [];
  variablesOf(body?.text ?? "").forEach((n, i) =>
    fields.push({
      label: `${prefix || "Body "}{{${n}}}`,
      example: samples[i] ?? "",
      target: { part: "body", card },
    }),
  );
  (find(cs, "BUTTONS")?.buttons ?? []).forEach((b, index) => {
    if (b.type === "URL" && b.url.includes("{{1}}"))
      fields.push({
        label: `${prefix}Button "${b.text}" URL {{1}}`,
        example: b.example?.[0] ?? "",
        target: { part: "button", index, card },
      });
  });
  return fields;
}
