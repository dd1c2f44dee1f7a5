import { and, asc, eq } from "drizzle-orm";
import { templates, templateStatusHistory, templateUsage } from "@/db/schema";
import type { Ctx } from "../context";
import { isUuid } from "../ids";
import { notFound } from "../errors";
import type { TemplateChannel, TemplateStatus, TemplateView, UsageCounters } from "./schemas";
import { templateView } from "./template-view";

/** One template of a business; another business's id is simply not found. */
export async function getTemplate(
  ctx: Ctx,
  input: { businessId: string; templateId: string; channel?: TemplateChannel },
): Promise<TemplateView> {
  if (!isUuid(input.templateId)) throw notFound("Template");
  const where = [eq(templates.businessId, input.businessId), eq(templates.id, input.templateId)];
  if (input.channel) where.push(eq(templates.channel, input.channel));
  const [row] = await ctx.db
    .select()
    .from(templates)
    .where(and(...where));
  if (!row) throw notFound("Template");
  return templateView(row);
}

export async function getTemplateUsage(
  ctx: Ctx,
  businessId: string,
  templateId: string,
): Promise<UsageCounters> {
  const [u] = await ctx.db
    .select()
    .from(templateUsage)
    .where(and(eq(templateUsage.businessId, businessId), eq(templateUsage.templateId, templateId)));
  return { sent: u?.sent ?? 0, delivered: u?.delivered ?? 0, read: u?.read ?? 0, failed: u?.failed ?? 0 };
}

export type StatusHistoryEntry = {
  from: TemplateStatus | null;
  to: TemplateStatus;
  reason: string | null;
  actorType: string;
  actorId: string | null;
  at: Date;
};

export async function getTemplateHistory(
  ctx: Ctx,
  businessId: string,
  templateId: string,
): Promise<StatusHistoryEntry[]> {
  const rows = await ctx.db
    .select()
    .from(templateStatusHistory)
    .where(
      and(eq(templateStatusHistory.businessId, businessId), eq(templateStatusHistory.templateId, templateId)),
    )
    .orderBy(asc(templateStatusHistory.createdAt), asc(templateStatusHistory.id));
  return rows.map((r) => ({
    from: r.fromStatus,
    to: r.toStatus,
    reason: r.reason,
    actorType: r.actorType,
    actorId: r.actorId,
    at: r.createdAt,
  }));
}
