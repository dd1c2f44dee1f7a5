import { describe, expect, it } from "vitest";
import { toRbmRichCard } from "./content";

/** RBM's wire format for rich cards: a standalone card or a carouselCard of 2-10 card contents. */
describe("toRbmRichCard", () => {
  const content = (i: number) => ({
    title: `Card ${i}`,
    media: {
      height: "MEDIUM",
      fileName: `c${i}.png`,
      contentInfo: { fileUrl: `https://cdn.example/c${i}.png`, forceRefresh: "false" },
    },
  });

  it("a carousel becomes RBM's carouselCard: cardWidth and cleaned card contents", () => {
    const card = { carouselCard: { cardWidth: "SMALL", cardContents: [content(0), content(1)] } };
    expect(toRbmRichCard(card)).toEqual({
      richCard: {
        carouselCard: {
          cardWidth: "SMALL",
          cardContents: [0, 1].map((i) => ({
            title: `Card ${i}`,
            media: {
              height: "MEDIUM",
              contentInfo: { fileUrl: `https://cdn.example/c${i}.png`, forceRefresh: false },
            },
          })),
        },
      },
    });
    // The stored card is not modified, and the form wrapped once more is read the same.
    expect(card.carouselCard.cardContents[0]!.media.fileName).toBe("c0.png");
    expect(toRbmRichCard({ richCard: card })).toEqual(toRbmRichCard(card));
  });

  it("a carousel without cardWidth gets RBM's MEDIUM; a standalone card is unchanged in shape", () => {
    const r = toRbmRichCard({ carouselCard: { cardContents: [content(0), content(1)] } }) as {
      richCard: { carouselCard: { cardWidth: string } };
    };
    expect(r.richCard.carouselCard.cardWidth).toBe("MEDIUM");
    expect(
      toRbmRichCard({ standaloneCard: { cardOrientation: "VERTICAL", cardContent: content(0) } }),
    ).toEqual({
      richCard: {
        standaloneCard: {
          cardOrientation: "VERTICAL",
          cardContent: {
            title: "Card 0",
            media: {
              height: "MEDIUM",
              contentInfo: { fileUrl: "https://cdn.example/c0.png", forceRefresh: false },
            },
          },
        },
      },
    });
    expect(toRbmRichCard({ nothing: true })).toBeUndefined();
  });
});
