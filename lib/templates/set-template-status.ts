import { and, eq, sql } from "drizzle-orm";
import { templates, templateStatusHistory } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { AppError, notFound } from "../errors";
import { uuidv7 } from "../ids";
import type { TemplateView } from "./schemas";
import type { TemplateStatus } from "./template-fields";
import { templateView } from "./template-view";

export type StatusChange = {
  businessId: string;
  templateId: string;
  to: TemplateStatus;
  reason?: string | null;
  /** States the change may start from (docs/decisions/template-states-and-review.md). */
  from: TemplateStatus[];
  /** Audit action name, e.g. template.review for operators. */
  action?: string;
};

/**
 * Moves a template to a new status with its history row and audit row, in one transaction
 * under a row lock. Repeating the current status is a no-op (late or duplicate provider
 * events); a change from a state outside `from` is a 409.
 */
export async function setTemplateStatus(
  ctx: Ctx,
  change: StatusChange,
): Promise<{ template: TemplateView; changed: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const where = and(eq(templates.businessId, change.businessId), eq(templates.id, change.templateId));
    const [current] = await tx.db.select().from(templates).where(where).for("update");
    if (!current) throw notFound("Template");
    if (current.status === change.to) return { template: templateView(current), changed: false };
    if (!change.from.includes(current.status)) {
      throw new AppError("conflict", `The template is ${current.status}; it cannot become ${change.to} now`, [
        { path: "status", message: `Allowed from ${change.from.join(" or ")}` },
      ]);
    }
    const reason = change.to === "REJECTED" ? (change.reason ?? "Rejected") : (change.reason ?? null);
    const [row] = await tx.db
      .update(templates)
      .set({
        status: change.to,
        rejectionReason: change.to === "REJECTED" ? reason : null,
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning();
    await tx.db.insert(templateStatusHistory).values({
      id: uuidv7(),
      businessId: change.businessId,
      templateId: change.templateId,
      fromStatus: current.status,
      toStatus: change.to,
      reason,
      actorType: tx.actor.type,
      actorId: tx.actor.id,
    });
    await recordAudit(tx, {
      businessId: change.businessId,
      action: change.action ?? `template.${change.to.toLowerCase()}`,
      targetType: "template",
      targetId: change.templateId,
      data: { from: current.status, to: change.to, reason },
    });
    return { template: templateView(row!), changed: true };
  });
}
