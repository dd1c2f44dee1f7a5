/**
 * The `contentMessage` of an RBM agent message, as RBM documents it: `{ text }` or
 * `{ richCard: { standaloneCard: { cardOrientation, thumbnailImageAlignment, cardContent } } }`
 * or `{ richCard: { carouselCard: { cardWidth, cardContents } } }`.
 * The spec's rich card carries fields RBM does not know (`media.fileName`) or types it
 * spells differently (`forceRefresh` as the string "false"); RBM rejects unknown fields with
 * a 400, so the card is cleaned here.
 */
export type RbmContentMessage =
  | { text: string; suggestions?: Array<{ reply: { text: string; postbackData: string } }> }
  | { richCard: { standaloneCard: Record<string, unknown> } }
  | { richCard: { carouselCard: { cardWidth: unknown; cardContents: unknown[] } } }
  | { contentInfo: { fileUrl: string } };

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => !!v && typeof v === "object" && !Array.isArray(v);

/** A card content as RBM takes it: no `fileName`, `forceRefresh` a boolean. */
function cleanContent(content: unknown): unknown {
  if (isObj(content) && isObj(content.media)) {
    const media = content.media;
    delete media.fileName;
    if (isObj(media.contentInfo)) {
      const f = media.contentInfo.forceRefresh;
      if (typeof f === "string") media.contentInfo.forceRefresh = f === "true";
    }
  }
  return content;
}

/**
 * A standalone card, or RBM's `carouselCard` ({ cardWidth, cardContents: 2-10 card contents }),
 * as RBM documents them.
 */
export function toRbmRichCard(richCard: unknown): RbmContentMessage | undefined {
  let card: unknown = richCard;
  // Accept the card itself or wrapped once more as { richCard: { standaloneCard | carouselCard } }.
  if (isObj(card) && isObj(card.richCard)) card = card.richCard;
  if (isObj(card) && isObj(card.carouselCard) && Array.isArray(card.carouselCard.cardContents)) {
    const carousel = structuredClone(card.carouselCard);
    return {
      richCard: {
        carouselCard: {
          cardWidth: carousel.cardWidth ?? "MEDIUM",
          cardContents: (carousel.cardContents as unknown[]).map(cleanContent),
        },
      },
    };
  }
  if (!isObj(card) || !isObj(card.standaloneCard)) return undefined;
  const standalone = structuredClone(card.standaloneCard);
  cleanContent(standalone.cardContent);
  return { richCard: { standaloneCard: standalone } };
}
