import { and, asc, desc, eq, isNull, type SQL } from "drizzle-orm";
import { businesses, templates } from "@/db/schema";
import type { Ctx } from "../context";
import { forbidden } from "../errors";
import type { TemplateView } from "./schemas";
import type { TemplateStatus } from "./template-fields";
import { templateView } from "./template-view";

/**
 * Templates across businesses for the operators' console: PENDING first-in-first-out by
 * default, or recent decisions of another status.
 */
export async function listReviewQueue(
  ctx: Ctx,
  opts: { status?: TemplateStatus; limit?: number } = {},
): Promise<(TemplateView & { businessName: string })[]> {
  if (ctx.actor.type === "user" && ctx.actor.role !== "OPERATOR") throw forbidden("Operators only");
  const status = opts.status ?? "PENDING";
  const where: SQL[] = [eq(templates.status, status), isNull(templates.deletedAt)];
  const rows = await ctx.db
    .select({ t: templates, businessName: businesses.name })
    .from(templates)
    .innerJoin(businesses, eq(businesses.id, templates.businessId))
    .where(and(...where))
    .orderBy(status === "PENDING" ? asc(templates.id) : desc(templates.id))
    .limit(Math.min(opts.limit ?? 200, 500));
  return rows.map((r) => ({ ...templateView(r.t), businessName: r.businessName }));
}
