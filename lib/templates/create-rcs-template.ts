import type { Ctx } from "../context";
import { insertTemplate } from "./insert-template";
import { rcsTemplateContent } from "./rcs-template-content";
import type { TemplateView } from "./schemas";

/**
 * Creates an RCS rich-card template, a standalone card or a carousel (D5, dashboard). The
 * dashboard may give uploaded images (`mediaHash`, one per card by card index) instead of media
 * URLs: those cards then point at their public addresses.
 */
export async function createRcsTemplate(
  ctx: Ctx,
  input: { businessId: string; template: unknown; mediaHash?: string | (string | undefined)[] },
): Promise<TemplateView> {
  const content = await rcsTemplateContent(ctx, input.businessId, input.template, input.mediaHash);
  return insertTemplate(ctx, { businessId: input.businessId, channel: "rcs", ...content });
}
