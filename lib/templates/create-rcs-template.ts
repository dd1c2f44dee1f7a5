import type { Ctx } from "../context";
import { insertTemplate } from "./insert-template";
import { lintRcsCard } from "./lint-template";
import { parseInput } from "./parse-input";
import { withUploadedRcsImage } from "./rcs-media";
import { createRcsTemplateInput, type TemplateView } from "./schemas";

/**
 * Creates an RCS rich-card template, a standalone card or a carousel (D5, dashboard). The
 * dashboard may give uploaded images (`mediaHash`, one per card by card index) instead of media
 * URLs: those cards then point at their public addresses.
 */
export async function createRcsTemplate(
  ctx: Ctx,
  input: { businessId: string; template: unknown; mediaHash?: string | (string | undefined)[] },
): Promise<TemplateView> {
  const uploaded = await withUploadedRcsImage(ctx, input.businessId, input.template, input.mediaHash);
  const t = parseInput(createRcsTemplateInput, uploaded.template);
  return insertTemplate(ctx, {
    businessId: input.businessId,
    channel: "rcs",
    name: t.messageTemplate.name,
    language: t.messageTemplate.language,
    category: null,
    components: [],
    rcsCard: t.rcsOutgoingMessage,
    mediaHashes: uploaded.mediaHashes,
    lintWarnings: lintRcsCard(t.rcsOutgoingMessage),
  });
}
