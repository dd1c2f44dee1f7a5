import { type ChatappComponent } from "./chatapp-schemas";
import { cardContentPath, cardContentsOf, type RcsRichCard } from "./rcs-schemas";
import { type LintWarning } from "./schemas";
import { type TemplateCategory } from "./template-fields";
import { variablesOf } from "./variables";

const VAR = /\{\{\s*\d+\s*\}\}/g;

/**
 * Warnings that predict a rejection by Meta's review without blocking the request: a
 * variable at the very start or end of a text, two variables side by side, and more
 * variables than the fixed text can carry (fewer than 3 fixed words per variable).
 */
export function lintText(text: string, path: string): LintWarning[] {
  const warnings: LintWarning[] = [];
  const t = text.trim();
  const n = variablesOf(t).length;
  if (n === 0) return warnings;
  if (/^\{\{\s*\d+\s*\}\}/.test(t))
    warnings.push({
      code: "variable_at_start",
      path,
      message: "The text starts with a variable; add words before it",
    });
  if (/\{\{\s*\d+\s*\}\}$/.test(t))
    warnings.push({
      code: "variable_at_end",
      path,
      message: "The text ends with a variable; add words after it",
    });
  if (/\}\}\s*\{\{/.test(t))
    warnings.push({
      code: "adjacent_variables",
      path,
      message: "Two variables are side by side; put words between them",
    });
  const occurrences = (t.match(VAR) ?? []).length;
  const fixedWords = t
    .replace(VAR, " ")
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;
  if (fixedWords < 3 * occurrences)
    warnings.push({
      code: "too_many_variables",
      path,
      message: `Too many variables for the length of the text (${occurrences} variables, ${fixedWords} fixed words); write at least 3 words per variable`,
    });
  return warnings;
}

/**
 * The warnings of a chatapp template's texts. An AUTHENTICATION template's texts are Meta's own
 * preset ("*{{1}}* is your verification code."), which its review never refuses: nothing to lint.
 */
export function lintChatappComponents(
  components: ChatappComponent[],
  category: TemplateCategory | null = null,
): LintWarning[] {
  const out: LintWarning[] = [];
  if (category === "AUTHENTICATION") return out;
  components.forEach((c, i) => {
    if (c.type === "BODY") out.push(...lintText(c.text, `components.${i}.text`));
    if (c.type === "CAROUSEL")
      c.cards.forEach((card, j) =>
        card.components.forEach((cc, k) => {
          if (cc.type === "BODY")
            out.push(...lintText(cc.text, `components.${i}.cards.${j}.components.${k}.text`));
        }),
      );
  });
  return out;
}

export function lintRcsCard(card: RcsRichCard): LintWarning[] {
  return cardContentsOf(card.richCard).flatMap((content, i) => {
    const base = `rcsOutgoingMessage.${cardContentPath(card.richCard, i)}`;
    return [
      ...(content.description ? lintText(content.description, `${base}.description`) : []),
      ...(content.title
        ? lintText(content.title, `${base}.title`).filter((w) => w.code !== "too_many_variables")
        : []),
    ];
  });
}
