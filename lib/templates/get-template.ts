import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, templates, templateStatusHistory, users } from "@/db/schema";
import { usageOf } from "./usage-totals";
import type { Ctx } from "../context";
import { isUuid } from "../ids";
import { notFound } from "../errors";
import type { TemplateView, UsageCounters } from "./schemas";
import type { TemplateChannel, TemplateStatus } from "./template-fields";
import { historyActorLabel } from "./history-actor";
import { templateView } from "./template-view";

/** One live template of a business; another business's id, or a deleted one, is simply not found. */
export async function getTemplate(
  ctx: Ctx,
  input: { businessId: string; templateId: string; channel?: TemplateChannel },
): Promise<TemplateView> {
  if (!isUuid(input.templateId)) throw notFound("Template");
  const where = [
    eq(templates.businessId, input.businessId),
    eq(templates.id, input.templateId),
    isNull(templates.deletedAt),
  ];
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
  const { sent, delivered, read, failed } = await usageOf(ctx, businessId, templateId);
  return { sent, delivered, read, failed };
}

export type StatusHistoryEntry = {
  from: TemplateStatus | null;
  to: TemplateStatus;
  reason: string | null;
  actorType: string;
  actorId: string | null;
  /** Who acted, in words: "Asha Rao", "Omar Ali (operator)", "simulator (provider)", "API key 'crm'". */
  actor: string;
  at: Date;
};

export async function getTemplateHistory(
  ctx: Ctx,
  businessId: string,
  templateId: string,
): Promise<StatusHistoryEntry[]> {
  const h = templateStatusHistory;
  const rows = await ctx.db
    .select({
      r: h,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      keyName: apiKeys.name,
    })
    .from(h)
    // actor_id is text (it also holds "provider:simulator"): compare as text.
    .leftJoin(users, and(eq(h.actorType, "user"), sql`${users.id}::text = ${h.actorId}`))
    .leftJoin(apiKeys, and(eq(h.actorType, "api_key"), sql`${apiKeys.id}::text = ${h.actorId}`))
    .where(
      and(eq(templateStatusHistory.businessId, businessId), eq(templateStatusHistory.templateId, templateId)),
    )
    .orderBy(asc(templateStatusHistory.createdAt), asc(templateStatusHistory.id));
  return rows.map(({ r, ...who }) => ({
    from: r.fromStatus,
    to: r.toStatus,
    reason: r.reason,
    actorType: r.actorType,
    actorId: r.actorId,
    actor: historyActorLabel({ type: r.actorType, id: r.actorId, ...who }),
    at: r.createdAt,
  }));
}
