import { and, eq, max, sql } from "drizzle-orm";
import { templateUsage } from "@/db/schema";
import type { Ctx } from "../context";
import type { UsageCounters } from "./schemas";

// A template's usage is the sum of its rows in template_usage (one per writer slot:
// record-template-usage.ts); these are the two ways it is read.

const total = (c: "sent" | "delivered" | "read" | "failed") =>
  sql<number>`coalesce(sum(${templateUsage[c]}), 0)::int`.mapWith(Number);

/** The business's usage per template, to left-join on the template's id (`.templateId`). */
export function usageTotals(ctx: Ctx, businessId: string) {
  return ctx.db
    .select({
      templateId: templateUsage.templateId,
      sent: total("sent").as("sent"),
      delivered: total("delivered").as("delivered"),
      read: total("read").as("read"),
      failed: total("failed").as("failed"),
    })
    .from(templateUsage)
    .where(eq(templateUsage.businessId, businessId))
    .groupBy(templateUsage.templateId)
    .as("usage");
}

/** One template's usage and when it last changed (null: never used). */
export async function usageOf(
  ctx: Ctx,
  businessId: string,
  templateId: string,
): Promise<UsageCounters & { lastUsedAt: Date | null }> {
  const [u] = await ctx.db
    .select({
      sent: total("sent"),
      delivered: total("delivered"),
      read: total("read"),
      failed: total("failed"),
      lastUsedAt: max(templateUsage.updatedAt),
    })
    .from(templateUsage)
    .where(and(eq(templateUsage.businessId, businessId), eq(templateUsage.templateId, templateId)));
  return {
    sent: u?.sent ?? 0,
    delivered: u?.delivered ?? 0,
    read: u?.read ?? 0,
    failed: u?.failed ?? 0,
    lastUsedAt: u?.lastUsedAt ?? null,
  };
}
