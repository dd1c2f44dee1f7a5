import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { promotions, templates } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import type { UsageCounters } from "./schemas";
import { usageOf } from "./usage-totals";

/** Campaigns in these states would still send the template. */
const liveCampaign = ["Preparing", "Scheduled", "Active"] as const;

export type TemplateDeleteImpact = {
  usage: UsageCounters;
  /** When the usage counters last moved (a send or a status), or null if never used. */
  lastUsedAt: Date | null;
  /** Campaigns not yet finished that send this template: they will fail to send it. */
  liveCampaigns: { id: string; name: string; status: string }[];
};

/** What deleting a template affects, for the confirmation shown before it. */
export async function templateDeleteImpact(
  ctx: Ctx,
  input: { businessId: string; templateId: string },
): Promise<TemplateDeleteImpact> {
  const { lastUsedAt, ...usage } = await usageOf(ctx, input.businessId, input.templateId);
  const campaigns = await ctx.db
    .select({ id: promotions.id, name: promotions.name, status: promotions.status })
    .from(promotions)
    .where(
      and(
        eq(promotions.businessId, input.businessId),
        eq(promotions.templateId, input.templateId),
        inArray(promotions.status, [...liveCampaign]),
      ),
    )
    .limit(20);
  return {
    usage,
    lastUsedAt,
    liveCampaigns: campaigns,
  };
}

/**
 * Soft-deletes a template: it leaves every list and lookup (D3-D7 answer as if it never
 * existed), sends naming it are refused, its name is free again, and its row stays for the
 * messages and history that refer to it. Audited as template.delete with its usage.
 */
export async function deleteTemplate(
  ctx: Ctx,
  input: { businessId: string; templateId: string },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const impact = await templateDeleteImpact(tx, input);
    const [row] = await tx.db
      .update(templates)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(templates.businessId, input.businessId),
          eq(templates.id, input.templateId),
          isNull(templates.deletedAt),
        ),
      )
      .returning({ name: templates.name, channel: templates.channel, status: templates.status });
    if (!row) throw notFound("Template");
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "template.delete",
      targetType: "template",
      targetId: input.templateId,
      data: { ...row, usage: impact.usage, liveCampaigns: impact.liveCampaigns.map((c) => c.id) },
    });
  });
}
