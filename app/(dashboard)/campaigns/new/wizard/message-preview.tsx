"use client";

import { dashboardMediaSrc } from "@/components/messages/media-image";
import { ChatappPreview, RcsPreview } from "@/components/templates/template-preview";
import type { ChatappComponent } from "@/lib/templates/chatapp-schemas";
import type { RcsCardContent, RcsRichCard } from "@/lib/templates/rcs-schemas";
import { fillVariables, variablesOf } from "@/lib/templates/variables";
import type { Slot, SlotValue, WizardTemplate } from "@/lib/promotions/wizard/template-slots";
import { renderSlot } from "./slot-values";

/**
 * The message one recipient gets: the template's preview (components/templates) with every
 * slot filled from that recipient's row: body variables, header and card images, card texts.
 */
export function MessagePreview({
  template,
  slots,
  values,
  row,
}: {
  template: WizardTemplate;
  slots: Slot[];
  values: Record<string, SlotValue | undefined>;
  row: Record<string, string> | undefined;
}) {
  const valueOf = (key: string) => renderSlot(values[key], row);
  const imageOf = (key: string) => {
    const url = valueOf(key);
    return url ? dashboardMediaSrc(url) : undefined;
  };
  const numbered = (prefix: string, text: string) => {
    const out: string[] = [];
    for (const n of variablesOf(text)) out[n - 1] = valueOf(`${prefix}body.${n}`);
    return out;
  };
  if (template.channel === "rcs") {
    const card = template.rcsCard;
    const carousel = !!card && "carouselCard" in card.richCard;
    // A standalone card's image slot (the template's own, an upload or a column) replaces its media.
    const image = carousel ? undefined : imageOf("header");
    // Each card's own {{n}}: a carousel's slots are keyed card by card (card.<i>.body.<n>).
    const fill = (content: RcsCardContent, i: number): RcsCardContent => {
      const all = numbered(
        carousel ? `card.${i}.` : "",
        `${content.title ?? ""} ${content.description ?? ""}`,
      );
      return {
        ...content,
        ...(content.media && image
          ? { media: { ...content.media, contentInfo: { ...content.media.contentInfo, fileUrl: image } } }
          : {}),
        title: content.title ? fillVariables(content.title, all) : content.title,
        description: content.description ? fillVariables(content.description, all) : content.description,
      };
    };
    const filled: RcsRichCard | null = !card
      ? null
      : "carouselCard" in card.richCard
        ? {
            richCard: {
              carouselCard: {
                ...card.richCard.carouselCard,
                cardContents: card.richCard.carouselCard.cardContents.map(fill),
              },
            },
          }
        : {
            richCard: {
              standaloneCard: {
                ...card.richCard.standaloneCard,
                cardContent: fill(card.richCard.standaloneCard.cardContent, 0),
              },
            },
          };
    return <RcsPreview card={filled} />;
  }
  const body = template.components.find((c) => c.type === "BODY");
  const samples = body?.type === "BODY" ? numbered("", body.text) : [];
  const imageUrls: (string | undefined)[] = [];
  if (slots.some((s) => s.key === "header")) imageUrls.push(imageOf("header"));
  const components = template.components.map((c): ChatappComponent => {
    if (c.type !== "CAROUSEL") return c;
    return {
      ...c,
      cards: c.cards.map((card, ci) => {
        imageUrls.push(imageOf(`card.${ci}.header`));
        return {
          components: card.components.map((cc) =>
            cc.type === "BODY"
              ? { ...cc, text: fillVariables(cc.text, numbered(`card.${ci}.`, cc.text)) }
              : cc,
          ),
        };
      }),
    };
  });
  return <ChatappPreview components={components} samples={samples} imageUrls={imageUrls} />;
}
