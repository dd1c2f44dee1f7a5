import { and, eq } from "drizzle-orm";
import { businessChannels, templates, templateStatusHistory } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { templateReviewProvider } from "../channels/template-review-providers";
import { inTransaction, type Ctx } from "../context";
import { AppError, isUniqueViolation, notFound } from "../errors";
import { uuidv7 } from "../ids";
import { templateReviewQueue } from "./review-queue";
import type { LintWarning, TemplateView } from "./schemas";
import type { TemplateChannel } from "./template-fields";
import type { TemplateContent } from "./template-content";
import { templateView } from "./template-view";

export type NewTemplate = TemplateContent & {
  businessId: string;
  channel: TemplateChannel;
  lintWarnings: LintWarning[];
};

/**
 * Writes a new PENDING template, its first history row, the audit row and, when the
 * channel's provider reviews templates, the review job: one transaction. `beforeInsert`
 * runs inside it (media rows).
 */
export async function insertTemplate(
  ctx: Ctx,
  t: NewTemplate,
  beforeInsert?: (tx: Ctx) => Promise<void>,
): Promise<TemplateView> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const [channel] = await tx.db
        .select({ provider: businessChannels.provider })
        .from(businessChannels)
        .where(and(eq(businessChannels.businessId, t.businessId), eq(businessChannels.channel, t.channel)));
      if (!channel) throw notFound("Business");
      const reviewer = templateReviewProvider(channel.provider);
      await beforeInsert?.(tx);
      const id = uuidv7();
      const [row] = await tx.db
        .insert(templates)
        .values({ id, ...t, status: "PENDING", provider: channel.provider })
        .returning();
      await tx.db.insert(templateStatusHistory).values({
        id: uuidv7(),
        businessId: t.businessId,
        templateId: id,
        fromStatus: null,
        toStatus: "PENDING",
        reason: reviewer ? `Submitted to ${reviewer.name} for review` : "Waiting for operator review",
        actorType: tx.actor.type,
        actorId: tx.actor.id,
      });
      await recordAudit(tx, {
        businessId: t.businessId,
        action: "template.create",
        targetType: "template",
        targetId: id,
        data: { channel: t.channel, name: t.name, provider: channel.provider },
      });
      if (reviewer) {
        await templateReviewQueue.send(
          tx.db,
          { businessId: t.businessId, templateId: id },
          { startAfterSeconds: reviewer.submitDelaySeconds() },
        );
      }
      return templateView(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError("conflict", `A ${t.channel} template named '${t.name}' already exists`, [
        { path: t.channel === "rcs" ? "messageTemplate.name" : "name", message: "Already taken" },
      ]);
    }
    throw err;
  }
}
