import { and, eq, isNull, like } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { Ctx } from "../context";
import { getTemplate } from "./get-template";
import { type TemplateView } from "./schemas";
import { limits } from "./template-fields";
import type { TemplateContent } from "./template-content";

/**
 * What the create (or edit) form starts from: a template's content under a free name. Its
 * `mediaHashes` are the original's images: the new template reuses the stored uploads.
 */
export type TemplateDraft = TemplateContent & { channel: TemplateView["channel"] };

/**
 * "Duplicate": the content of one of the business's templates under the first free name
 * `<name>_copy`, `<name>_copy_2`, ... Nothing is written: a draft lives in the form until it is
 * submitted (the spec's statuses are PENDING, APPROVED and REJECTED; there is no DRAFT).
 */
export async function templateDraft(
  ctx: Ctx,
  input: { businessId: string; templateId: string },
): Promise<TemplateDraft> {
  const t = await getTemplate(ctx, input);
  const base = `${t.name.replace(/_copy(_\d+)?$/, "")}_copy`.slice(0, limits.name - 4);
  const taken = await ctx.db
    .select({ name: templates.name })
    .from(templates)
    .where(
      and(
        eq(templates.businessId, input.businessId),
        eq(templates.channel, t.channel),
        like(templates.name, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        isNull(templates.deletedAt),
      ),
    );
  const names = new Set(taken.map((r) => r.name));
  let name = base;
  for (let i = 2; names.has(name); i++) name = `${base}_${i}`;
  return {
    channel: t.channel,
    name,
    language: t.language,
    category: t.category,
    components: t.components,
    rcsCard: t.rcsCard,
    mediaHashes: t.mediaHashes,
  };
}
