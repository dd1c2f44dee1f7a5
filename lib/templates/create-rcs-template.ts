import type { Ctx } from "../context";
import { insertTemplate } from "./insert-template";
import { lintRcsCard } from "./lint-template";
import { parseInput } from "./parse-input";
import { createRcsTemplateInput, type TemplateView } from "./schemas";

/** Creates an RCS rich-card template (D5, dashboard). */
export async function createRcsTemplate(
  ctx: Ctx,
  input: { businessId: string; template: unknown },
): Promise<TemplateView> {
  const t = parseInput(createRcsTemplateInput, input.template);
  return insertTemplate(ctx, {
    businessId: input.businessId,
    channel: "rcs",
    name: t.messageTemplate.name,
    language: t.messageTemplate.language,
    category: null,
    components: [],
    rcsCard: t.rcsOutgoingMessage,
    mediaHashes: [],
    lintWarnings: lintRcsCard(t.rcsOutgoingMessage),
  });
}
