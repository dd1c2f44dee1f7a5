import { and, eq, isNull, sql } from "drizzle-orm";
import { businessChannels, templates, templateStatusHistory } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { templateReviewProvider } from "../channels/template-review-providers";
import { inTransaction, type Ctx } from "../context";
import { AppError, invalid, notFound } from "../errors";
import { uuidv7 } from "../ids";
import { requireOwnedMedia, stripHandles } from "./create-chatapp-template";
import { lintChatappComponents } from "./lint-template";
import { parseTemplateInput } from "./parse-input";
import { rcsTemplateContent } from "./rcs-template-content";
import { templateReviewQueue } from "./review-queue";
import { createChatappTemplateInput } from "./chatapp-schemas";
import { type TemplateView } from "./schemas";
import { imageHeaderCount, templateView } from "./template-view";

/**
 * Edits a REJECTED template and submits it for review again, as Meta allows: same id and name
 * (messages, usage and the status history stay attached), new content, back to PENDING with a
 * history row naming who resubmitted, and a new review job, in one transaction. Any other
 * status is a 409: an approved template is duplicated instead, a pending one waits.
 */
export async function resubmitTemplate(
  ctx: Ctx,
  input: { businessId: string; templateId: string; template: unknown; mediaHashes?: string[] },
): Promise<TemplateView> {
  return inTransaction(ctx, async (tx) => {
    const where = and(
      eq(templates.businessId, input.businessId),
      eq(templates.id, input.templateId),
      isNull(templates.deletedAt),
    );
    const [current] = await tx.db.select().from(templates).where(where).for("update");
    if (!current) throw notFound("Template");
    if (current.status !== "REJECTED")
      throw new AppError(
        "conflict",
        `The template is ${current.status}; only a rejected template can be edited and resubmitted`,
        [{ path: "status", message: "Allowed from REJECTED" }],
      );
    const content = await contentOf(tx, current.channel, input);
    if (content.name !== current.name)
      throw invalid("A resubmitted template keeps its name; duplicate it to use another name", [
        {
          path: current.channel === "rcs" ? "messageTemplate.name" : "name",
          message: `Must stay '${current.name}'`,
        },
      ]);
    const [channel] = await tx.db
      .select({ provider: businessChannels.provider })
      .from(businessChannels)
      .where(
        and(eq(businessChannels.businessId, input.businessId), eq(businessChannels.channel, current.channel)),
      );
    const provider = channel?.provider ?? current.provider;
    const reviewer = templateReviewProvider(provider);
    const [row] = await tx.db
      .update(templates)
      .set({
        language: content.language,
        category: content.category,
        components: content.components,
        rcsCard: content.rcsCard,
        mediaHashes: content.mediaHashes,
        lintWarnings: content.lintWarnings,
        status: "PENDING",
        rejectionReason: null,
        provider,
        // The provider reviews the edited content as a new submission.
        providerRef: null,
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning();
    const reason = `Edited and resubmitted${reviewer ? ` to ${reviewer.name}` : " for operator review"}`;
    await tx.db.insert(templateStatusHistory).values({
      id: uuidv7(),
      businessId: input.businessId,
      templateId: input.templateId,
      fromStatus: "REJECTED",
      toStatus: "PENDING",
      reason,
      actorType: tx.actor.type,
      actorId: tx.actor.id,
    });
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "template.resubmit",
      targetType: "template",
      targetId: input.templateId,
      data: { from: "REJECTED", to: "PENDING", previousReason: current.rejectionReason },
    });
    if (reviewer)
      await templateReviewQueue.send(
        tx.db,
        { businessId: input.businessId, templateId: input.templateId },
        { startAfterSeconds: reviewer.submitDelaySeconds() },
      );
    return templateView(row!);
  });
}

async function contentOf(
  tx: Ctx,
  channel: "chatapp" | "rcs",
  input: { businessId: string; template: unknown; mediaHashes?: string[] },
) {
  if (channel === "rcs") {
    // The dashboard sends one entry per card ("" for a card without an upload).
    return rcsTemplateContent(tx, input.businessId, input.template, input.mediaHashes);
  }
  const t = parseTemplateInput(createChatappTemplateInput, input.template);
  const hashes = input.mediaHashes ?? [];
  const needed = imageHeaderCount(t.components);
  if (hashes.length !== needed)
    throw invalid(
      `This template has ${needed} IMAGE header(s); upload ${needed} image(s) (got ${hashes.length})`,
      [{ path: "files", message: `${needed} image(s) needed` }],
    );
  if (hashes.length) await requireOwnedMedia(tx, input.businessId, hashes);
  return {
    name: t.name,
    language: t.language,
    category: t.category,
    components: t.components.map(stripHandles),
    rcsCard: null,
    mediaHashes: hashes,
    lintWarnings: lintChatappComponents(t.components, t.category),
  };
}
