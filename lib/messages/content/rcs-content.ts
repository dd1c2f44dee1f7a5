import { AppError } from "../../errors";
import { cardFields, type RcsRichCard, type TemplateView } from "../../templates/schemas";
import { fillVariables, variablesOf } from "../../templates/variables";

type Card = RcsRichCard["richCard"];

/**
 * The rich card of an RCS template with its `{{n}}` variables filled by `values`: numbered once
 * across the card (title, description, then suggestions), `{{n}}` is the n-th value wherever it
 * appears. When given, the media URL replaced (A5/A2 HEADER `media.mediaUrl`).
 * The number of values must match the template's variables.
 */
export function fillRcsTemplate(
  t: TemplateView,
  values: string[],
  mediaUrl: string | undefined,
  path = "message.components",
): Card {
  const card = t.rcsCard?.richCard;
  if (!card) {
    throw new AppError("invalid_request", `Template '${t.name}' has no rich card`, [
      { path: "message", message: "Not an RCS rich card template" },
    ]);
  }
  const content = card.standaloneCard.cardContent;
  // Numbered once across the card (cardFields order), so the highest number is the count.
  const needed = Math.max(
    0,
    ...variablesOf(
      cardFields(content)
        .map((f) => f.text)
        .join("\n"),
    ),
  );
  if (values.length !== needed) {
    const message = `Template '${t.name}' has ${needed} variable(s); ${values.length} value(s) given`;
    throw new AppError("invalid_request", message, [{ path, message }]);
  }
  if (mediaUrl && !content.media) {
    const message = `Template '${t.name}' has no media to replace`;
    throw new AppError("invalid_request", message, [{ path, message }]);
  }
  return {
    ...card,
    standaloneCard: {
      ...card.standaloneCard,
      cardContent: {
        ...content,
        title: content.title === undefined ? undefined : fillVariables(content.title, values),
        description:
          content.description === undefined ? undefined : fillVariables(content.description, values),
        suggestions: content.suggestions?.map((sg) => ({
          ...sg,
          action: {
            ...sg.action,
            text: fillVariables(sg.action.text, values),
            postbackData:
              sg.action.postbackData === undefined
                ? undefined
                : fillVariables(sg.action.postbackData, values),
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
      },
    },
  };
}

/** Plain text of a card for previews (virtual phone). */
export function cardPreview(card: Card): {
  title?: string;
  description?: string;
  mediaUrl?: string;
  buttons: Array<{ text: string; url?: string }>;
} {
  const c = card.standaloneCard.cardContent;
  return {
    title: c.title,
    description: c.description,
    mediaUrl: c.media?.contentInfo.fileUrl,
    // The card's suggestions, shown as its buttons on the virtual phone.
    buttons: (c.suggestions ?? []).map((s) => ({ text: s.action.text, url: s.action.openUrlAction?.url })),
  };
}
