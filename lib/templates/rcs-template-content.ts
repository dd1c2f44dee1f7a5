import type { Ctx } from "../context";
import { lintRcsCard } from "./lint-template";
import { parseTemplateInput } from "./parse-input";
import { withUploadedRcsImage } from "./rcs-media";
import { createRcsTemplateInput } from "./rcs-schemas";
import { type LintWarning } from "./schemas";
import type { TemplateContent } from "./template-content";

/**
 * The content of an RCS template as created or resubmitted (D5, dashboard): uploaded images
 * (`cardHashes`, one per card by card index) put in place of media URLs, the input checked,
 * and what the card's lint finds.
 */
export async function rcsTemplateContent(
  ctx: Ctx,
  businessId: string,
  template: unknown,
  cardHashes: string | (string | undefined)[] | undefined,
): Promise<TemplateContent & { lintWarnings: LintWarning[] }> {
  const uploaded = await withUploadedRcsImage(ctx, businessId, template, cardHashes);
  const t = parseTemplateInput(createRcsTemplateInput, uploaded.template);
  return {
    name: t.messageTemplate.name,
    language: t.messageTemplate.language,
    category: null,
    components: [],
    rcsCard: t.rcsOutgoingMessage,
    mediaHashes: uploaded.mediaHashes,
    lintWarnings: lintRcsCard(t.rcsOutgoingMessage),
  };
}
