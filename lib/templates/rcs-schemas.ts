import { z } from "zod";
import { HTTP_URL } from "../validation/http-url";
import { limits, templateLanguage, templateName } from "./template-fields";
import { checkCardVariables, type CardField } from "./variables";

/** The RCS template's rich card (standalone or carousel) as RBM takes it, and the D5 body. */
const httpUrl = z.string().trim().max(2048, "At most 2048 characters").regex(HTTP_URL, "An http(s) URL");

export const rcsSuggestion = z.object({
  action: z.object({
    text: z
      .string()
      .trim()
      .min(1, "Required")
      .max(limits.rcsSuggestionText, `At most ${limits.rcsSuggestionText} characters`),
    postbackData: z.string().max(limits.rcsPostback).optional(),
    openUrlAction: z.object({
      url: httpUrl,
      application: z.enum(["BROWSER", "WEBVIEW"]).optional(),
      webviewViewMode: z.enum(["FULL", "HALF", "TALL"]).optional(),
    }),
  }),
});

export const rcsCardContent = z
  .object({
    title: z.string().trim().max(limits.rcsTitle, `At most ${limits.rcsTitle} characters`).optional(),
    description: z
      .string()
      .trim()
      .max(limits.rcsDescription, `At most ${limits.rcsDescription} characters`)
      .optional(),
    media: z
      .object({
        height: z.enum(["SHORT", "MEDIUM", "TALL"]),
        contentInfo: z.object({
          fileUrl: httpUrl,
          // The spec shows the string "false"; Google RBM takes a boolean. Accept both, echo as sent.
          forceRefresh: z
            .union([z.enum(["true", "false"]), z.boolean()], {
              error: 'forceRefresh is true, false, "true" or "false"',
            })
            .optional(),
          thumbnailUrl: httpUrl.optional(),
        }),
        fileName: z.string().max(255).optional(),
      })
      .optional(),
    suggestions: z
      .array(rcsSuggestion)
      .max(limits.rcsSuggestions, `At most ${limits.rcsSuggestions} suggestions`)
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (!c.title && !c.description && !c.media)
      ctx.addIssue({ code: "custom", message: "A rich card needs a title, a description or media" });
    for (const i of checkCardVariables(cardFields(c))) ctx.addIssue(i);
  });

type CardContentInput = {
  title?: string;
  description?: string;
  suggestions?: { action: { text: string; postbackData?: string; openUrlAction: { url: string } } }[];
};

/** The texts of a card that take variables, in numbering order (see checkCardVariables). */
export function cardFields(c: CardContentInput): CardField[] {
  const fields: CardField[] = [];
  if (c.title !== undefined) fields.push({ path: ["title"], text: c.title });
  if (c.description !== undefined) fields.push({ path: ["description"], text: c.description });
  c.suggestions?.forEach((s, i) => {
    const at = ["suggestions", i, "action"];
    fields.push({ path: [...at, "text"], text: s.action.text });
    if (s.action.postbackData !== undefined)
      fields.push({ path: [...at, "postbackData"], text: s.action.postbackData });
    fields.push({ path: [...at, "openUrlAction", "url"], text: s.action.openUrlAction.url });
  });
  return fields;
}

const standaloneCard = z
  .object({
    cardOrientation: z.enum(["VERTICAL", "HORIZONTAL"]).default("VERTICAL"),
    thumbnailImageAlignment: z.enum(["LEFT", "RIGHT"]).optional(),
    cardContent: rcsCardContent,
  })
  .superRefine((s, ctx) => {
    if (s.cardOrientation === "HORIZONTAL" && !s.cardContent.media)
      ctx.addIssue({
        code: "custom",
        path: ["cardContent", "media"],
        message: "A horizontal card needs media",
      });
  });

/**
 * RBM's carousel: 2-10 cards side by side, each a card content as in a standalone card, all of
 * one width. Each card numbers its `{{n}}` on its own (as a chatapp carousel card does), so a
 * send gives each card's values by its `card_index` (0-based; a standalone card is card 0).
 */
export const rcsCarouselCard = z
  .object({
    cardWidth: z.enum(["SMALL", "MEDIUM"], { error: "cardWidth is SMALL or MEDIUM" }).default("MEDIUM"),
    cardContents: z
      .array(rcsCardContent)
      .min(limits.cards.min, `A carousel has at least ${limits.cards.min} cards`)
      .max(limits.cards.max, `A carousel has at most ${limits.cards.max} cards`),
  })
  .superRefine((c, ctx) => {
    // RBM shows the cards at one height: media on all of them or on none.
    const withMedia = c.cardContents.filter((x) => x.media).length;
    if (withMedia > 0 && withMedia < c.cardContents.length)
      ctx.addIssue({
        code: "custom",
        path: ["cardContents"],
        message: "Give every card an image, or none of them",
      });
  });

type StandaloneRichCard = { standaloneCard: z.output<typeof standaloneCard> };
type CarouselRichCard = { carouselCard: z.output<typeof rcsCarouselCard> };

export const rcsRichCard = z.object({
  // One object with either key rather than a union: a union's error would not say which of a
  // carousel's fields is wrong. The output is still one or the other.
  richCard: z
    .object({ standaloneCard: standaloneCard.optional(), carouselCard: rcsCarouselCard.optional() })
    .strict()
    .superRefine((c, ctx) => {
      if (!c.standaloneCard === !c.carouselCard)
        ctx.addIssue({
          code: "custom",
          message: "richCard holds a standaloneCard or a carouselCard (one of them)",
        });
    })
    .transform((c): StandaloneRichCard | CarouselRichCard =>
      c.carouselCard ? { carouselCard: c.carouselCard } : { standaloneCard: c.standaloneCard! },
    ),
});
export type RcsRichCard = z.infer<typeof rcsRichCard>;
export type RcsCardContent = z.infer<typeof rcsCardContent>;

/** The card contents of a rich card in `card_index` order: one for a standalone card. */
export function cardContentsOf(card: RcsRichCard["richCard"]): RcsCardContent[] {
  return "carouselCard" in card ? card.carouselCard.cardContents : [card.standaloneCard.cardContent];
}

/** Where card `i`'s content sits in the template's body (paths of errors and lint warnings). */
export function cardContentPath(card: RcsRichCard["richCard"], i: number): string {
  return "carouselCard" in card
    ? `richCard.carouselCard.cardContents.${i}`
    : "richCard.standaloneCard.cardContent";
}

/** D5 body. */
export const createRcsTemplateInput = z.object({
  messageTemplate: z.object({ name: templateName, language: templateLanguage }),
  rcsOutgoingMessage: rcsRichCard,
});
