import { and, eq, isNull, sql } from "drizzle-orm";
import { businessChannels, templates } from "@/db/schema";
import { templateReviewProvider } from "../channels/template-review-providers";
import { inTransaction, type Ctx } from "../context";
import { log } from "../log";
import { readMedia } from "../media/read-media";
import { setTemplateStatus } from "./set-template-status";

/**
 * The review job: hands a PENDING template to its provider and applies the answer. Skips
 * templates an operator already decided and ones already submitted (a retried job), so it
 * never submits twice or overrides a human decision.
 */
export async function runTemplateReview(
  ctx: Ctx,
  job: { businessId: string; templateId: string },
): Promise<void> {
  const [t] = await ctx.db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, job.businessId), eq(templates.id, job.templateId)));
  if (!t || t.status !== "PENDING" || t.providerRef || t.deletedAt) return;
  const provider = templateReviewProvider(t.provider);
  if (!provider) return;
  const [channel] = await ctx.db
    .select({ config: businessChannels.config })
    .from(businessChannels)
    .where(and(eq(businessChannels.businessId, t.businessId), eq(businessChannels.channel, t.channel)));
  const result = await provider.submitForReview({
    id: t.id,
    businessId: t.businessId,
    channel: t.channel,
    name: t.name,
    language: t.language,
    category: t.category,
    components: t.components as unknown[],
    rcsCard: t.rcsCard,
    channelConfig: (channel?.config ?? {}) as Record<string, unknown>,
    loadImages: () =>
      Promise.all(t.mediaHashes.map((sha256) => readMedia(ctx, { businessId: t.businessId, sha256 }))),
  });
  const actorCtx: Ctx = { ...ctx, actor: { type: "system", id: `provider:${provider.name}` } };
  await inTransaction(actorCtx, async (tx) => {
    if (result.providerRef) {
      await tx.db
        .update(templates)
        .set({ providerRef: result.providerRef, updatedAt: sql`now()` })
        .where(
          and(eq(templates.businessId, t.businessId), eq(templates.id, t.id), isNull(templates.providerRef)),
        );
    }
    if (result.status === "PENDING") return;
    const { changed } = await setTemplateStatus(tx, {
      businessId: t.businessId,
      templateId: t.id,
      to: result.status,
      reason: result.reason,
      from: ["PENDING"],
    }).catch((err) => {
      // An operator decided while the provider was answering: the human decision stands.
      log.info({ err, templateId: t.id }, "template review result not applied");
      return { changed: false };
    });
    if (changed) log.info({ templateId: t.id, status: result.status }, "template reviewed");
  });
}
