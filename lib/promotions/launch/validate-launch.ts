import { cardContentsOf } from "../../templates/rcs-schemas";
import type { Ctx } from "../../context";
import { AppError, invalid, type ErrorDetail } from "../../errors";
import { requireSender } from "../../messages/dispatch/sender-channel";
import { findSendableTemplate } from "../../templates/find-sendable-template";
import type { TemplateView } from "../../templates/schemas";
import { referencedColumns, stringsIn } from "../column-references";
import type { LaunchPromotionInput } from "./schemas";

/** Columns every list has besides its headers: `${phone}` is the normalised number. */
const VIRTUAL_COLUMNS = ["phone"];

export type CheckedLaunch = {
  template: TemplateView;
  /** chatapp: the phoneNumberId; rcs: the business's agent id. */
  sender: string;
  /** The lower-cased columns the components refer to (each must have a value per recipient). */
  columns: string[];
};

/** Every string of a JSON value with its dotted path (for precise 400 paths). */
function* stringsWithPaths(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === "string") yield [path, value];
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) yield* stringsWithPaths(v, `${path}.${i}`);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) yield* stringsWithPaths(v, `${path}.${k}`);
  }
}

/** The template's error with the E1 body's paths (template.name, template.id, template.language). */
function rephrase(err: unknown): never {
  if (!(err instanceof AppError)) throw err;
  const path = (p: string) =>
    p === "message.name"
      ? "template.name"
      : p === "templateId"
        ? "template.id"
        : p === "message.language"
          ? "template.language"
          : p;
  throw new AppError(
    err.code,
    err.message,
    err.details.map((d) => ({ ...d, path: path(d.path) })),
  );
}

/**
 * E1's checks, each a 400 with the body path at fault: the sender belongs to the business
 * (chatapp phoneNumberId; RCS the business's agent), the template exists on that channel, in
 * that language, APPROVED; CAROUSEL cards exist in the template; every `${column}` is a column
 * of the list.
 */
export async function validateLaunch(
  ctx: Ctx,
  businessId: string,
  input: LaunchPromotionInput,
  listColumns: string[],
): Promise<CheckedLaunch> {
  if (input.businessId !== undefined && input.businessId !== businessId) {
    throw invalid("businessId must be the business of the path", [
      { path: "businessId", message: "Not this business" },
    ]);
  }
  const channel = input.channelType;
  if (channel === "chatapp" && !input.phoneNumberId) {
    throw invalid("phoneNumberId is required for chatapp", [{ path: "phoneNumberId", message: "Required" }]);
  }
  const { sender } = await requireSender(ctx, businessId, channel, input.phoneNumberId);
  const t = input.template;
  if (channel === "chatapp" && (!t.name || !t.language)) {
    const missing = !t.name ? "template.name" : "template.language";
    throw invalid(`${missing} is required for chatapp`, [{ path: missing, message: "Required" }]);
  }
  if (channel === "rcs" && !t.id && !t.name) {
    throw invalid("template.id is required for rcs", [{ path: "template.id", message: "Required" }]);
  }
  const template = await findSendableTemplate(ctx, {
    businessId,
    channel,
    id: channel === "rcs" ? t.id : undefined,
    name: channel === "rcs" && t.id ? undefined : t.name,
    language: t.language,
  }).catch(rephrase);

  const details: ErrorDetail[] = [];
  const templateCards = template.components.find((c) => c.type === "CAROUSEL") as
    { cards?: unknown[] } | undefined;
  // An RCS template's cards: a carousel's, or the standalone card as card 0.
  const cardCount =
    channel === "rcs"
      ? template.rcsCard
        ? cardContentsOf(template.rcsCard.richCard).length
        : 0
      : (templateCards?.cards?.length ?? 0);
  input.template.components.forEach((c, i) => {
    c.cards?.forEach((card, j) => {
      if (card.card_index >= cardCount) {
        details.push({
          path: `template.components.${i}.cards.${j}.card_index`,
          message: `The template has no card ${card.card_index}`,
        });
      }
    });
  });
  const known = new Set([...listColumns.map((c) => c.toLowerCase()), ...VIRTUAL_COLUMNS]);
  for (const [path, text] of stringsWithPaths(input.template.components, "template.components")) {
    for (const column of referencedColumns([text])) {
      if (!known.has(column)) details.push({ path, message: `\${${column}} is not a column of the list` });
    }
  }
  if (details.length > 0)
    throw invalid(`Invalid template: ${details[0]!.path}: ${details[0]!.message}`, details);
  return { template, sender, columns: referencedColumns(stringsIn(input.template.components)) };
}
