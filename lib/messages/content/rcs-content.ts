import { AppError } from "../../errors";
import {
  cardContentsOf,
  cardFields,
  type RcsCardContent,
  type RcsRichCard,
} from "../../templates/rcs-schemas";
import { type TemplateView } from "../../templates/schemas";
import { fillVariables, variablesOf } from "../../templates/variables";

type Card = RcsRichCard["richCard"];

/** What a send gives one card: its `{{n}}` values in order and, optionally, its image URL. */
export type RcsCardValues = {
  values: string[];
  mediaUrl?: string;
  /** Given by the top-level BODY/HEADER (the standalone forms), not by a card_index. */
  topLevel?: boolean;
};

/** How many values a card content takes: numbered once across the card, the highest is the count. */
export function cardVariableCount(content: RcsCardContent): number {
  return Math.max(
    0,
    ...variablesOf(
      cardFields(content)
        .map((f) => f.text)
        .join("\n"),
    ),
  );
}

/**
 * The rich card of an RCS template with each card's `{{n}}` filled from `cards[card_index]`
 * (a standalone card is card 0; a card not given takes no values). Each card's values must
 * match its variables; a given media URL replaces that card's image.
 */
export function fillRcsCards(
  t: TemplateView,
  cards: (RcsCardValues | undefined)[],
  path = "message.components",
): Card {
  const card = t.rcsCard?.richCard;
  if (!card) {
    throw new AppError("invalid_request", `Template '${t.name}' has no rich card`, [
      { path: "message", message: "Not an RCS rich card template" },
    ]);
  }
  const contents = cardContentsOf(card);
  const top = cards[0];
  if ("carouselCard" in card && top?.topLevel && (top.values.length > 0 || top.mediaUrl)) {
    throw bad(
      path,
      `Template '${t.name}' is a carousel of ${contents.length} cards: give each card's values in a CAROUSEL component, by card_index`,
    );
  }
  cards.forEach((given, i) => {
    if (given && i >= contents.length) {
      const message = `Template '${t.name}' has no card ${i} (card_index ${contents.length === 1 ? "0 only: a standalone card" : `0-${contents.length - 1}`})`;
      throw bad(path, message);
    }
  });
  const filled = contents.map((content, i) => {
    const { values, mediaUrl } = cards[i] ?? { values: [] };
    const needed = cardVariableCount(content);
    if (values.length !== needed) {
      const where = "carouselCard" in card ? `card ${i} of template '${t.name}'` : `Template '${t.name}'`;
      throw bad(path, `${where} has ${needed} variable(s); ${values.length} value(s) given`);
    }
    if (mediaUrl && !content.media) {
      const where = "carouselCard" in card ? `card ${i} of template '${t.name}'` : `Template '${t.name}'`;
      throw bad(path, `${where} has no media to replace`);
    }
    return fillContent(content, values, mediaUrl);
  });
  if ("carouselCard" in card) return { carouselCard: { ...card.carouselCard, cardContents: filled } };
  return { standaloneCard: { ...card.standaloneCard, cardContent: filled[0]! } };
}

function fillContent(
  content: RcsCardContent,
  values: string[],
  mediaUrl: string | undefined,
): RcsCardContent {
  return {
    ...content,
    title: content.title === undefined ? undefined : fillVariables(content.title, values),
    description: content.description === undefined ? undefined : fillVariables(content.description, values),
    suggestions: content.suggestions?.map((sg) => ({
      ...sg,
      action: {
        ...sg.action,
        text: fillVariables(sg.action.text, values),
        postbackData:
          sg.action.postbackData === undefined ? undefined : fillVariables(sg.action.postbackData, values),
        openUrlAction: {
          ...sg.action.openUrlAction,
          url: fillVariables(sg.action.openUrlAction.url, values),
        },
      },
    })),
    media:
      content.media && mediaUrl
        ? { ...content.media, contentInfo: { ...content.media.contentInfo, fileUrl: mediaUrl } }
        : content.media,
  };
}

export type RcsCardPreview = {
  title?: string;
  description?: string;
  mediaUrl?: string;
  buttons: Array<{ text: string; url?: string }>;
};

/** Plain text of a card content for previews (virtual phone). */
function contentPreview(c: RcsCardContent): RcsCardPreview {
  return {
    title: c.title,
    description: c.description,
    mediaUrl: c.media?.contentInfo.fileUrl,
    // The card's suggestions, shown as its buttons on the virtual phone.
    buttons: (c.suggestions ?? []).map((s) => ({ text: s.action.text, url: s.action.openUrlAction?.url })),
  };
}

/** Every card of a rich card for previews, in card_index order (one for a standalone card). */
export function cardPreviews(card: Card): RcsCardPreview[] {
  return cardContentsOf(card).map(contentPreview);
}

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);
