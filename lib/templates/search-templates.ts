import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { templates } from "@/db/schema";
import { usageTotals } from "./usage-totals";
import type { Ctx } from "../context";
import {
  templateFilterKeys,
  templateSearchFilters,
  type TemplateListRow,
  type TemplateSearchFilters,
} from "./search-schemas";

export type TemplateSearch = {
  filters?: Partial<TemplateSearchFilters>;
  /** The table's search box: part of the name or the language. */
  q?: string;
  sort?: { id: string; desc: boolean } | null;
  limit: number;
  offset: number;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the business's live templates for the dashboard table, filtered, searched and
 * sorted in the database, with the number of matches (the API's D3/D6 keep keyset paging in
 * listTemplates). Newest first by default; ties break on the id so pages never overlap.
 */
export async function searchTemplates(
  ctx: Ctx,
  businessId: string,
  input: TemplateSearch,
): Promise<{ rows: TemplateListRow[]; total: number }> {
  const f = templateSearchFilters.parse(input.filters ?? {});
  const t = templates;
  const u = usageTotals(ctx, businessId);
  const usage = (c: "sent" | "delivered" | "read" | "failed") => sql<number>`coalesce(${u[c]}, 0)`;
  const where: SQL[] = [eq(t.businessId, businessId), isNull(t.deletedAt)];
  for (const key of templateFilterKeys) if (f[key]) where.push(eq(t[key], f[key]));
  const q = input.q?.trim();
  if (q) where.push(or(ilike(t.name, `%${likeEscape(q)}%`), ilike(t.language, `%${likeEscape(q)}%`))!);
  const sortCol = (() => {
    switch (input.sort?.id) {
      case "name":
        return t.name;
      case "channel":
        return t.channel;
      case "category":
        return t.category;
      case "status":
        return t.status;
      case "sent":
      case "delivered":
      case "read":
      case "failed":
        return usage(input.sort.id);
      default:
        return t.id; // UUIDv7: creation order
    }
  })();
  const dir = input.sort && !input.sort.desc ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: t.id,
        name: t.name,
        channel: t.channel,
        language: t.language,
        category: t.category,
        status: t.status,
        rejectionReason: t.rejectionReason,
        sent: usage("sent"),
        delivered: usage("delivered"),
        read: usage("read"),
        failed: usage("failed"),
        createdAt: t.createdAt,
      })
      .from(t)
      .leftJoin(u, eq(u.templateId, t.id))
      .where(and(...where))
      .orderBy(dir(sortCol), desc(t.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: count() })
      .from(t)
      .where(and(...where)),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      sent: Number(r.sent),
      delivered: Number(r.delivered),
      read: Number(r.read),
      failed: Number(r.failed),
    })),
    total: total?.n ?? 0,
  };
}
