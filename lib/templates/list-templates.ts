import { and, desc, eq, ilike, isNull, lt, or, type SQL } from "drizzle-orm";
import { templates } from "@/db/schema";
import { usageTotals } from "./usage-totals";
import type { Ctx } from "../context";
import { parseTemplateInput } from "./parse-input";
import {
  listTemplatesQuery,
  type ListTemplatesQuery,
  type TemplateView,
  type UsageCounters,
} from "./schemas";
import { templateView } from "./template-view";

export const DEFAULT_PAGE = 100;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * A business's templates, newest first, with their usage counters. Filters: channel, status,
 * category, name prefix (`name`) or substring (`search`, dashboard). Keyset paging on the id
 * (UUIDv7, so time-ordered): `nextCursor` is the id to pass as `cursor` for the next page.
 */
export async function listTemplates(
  ctx: Ctx,
  businessId: string,
  raw: ListTemplatesQuery & { search?: string } = {},
): Promise<{ items: (TemplateView & { usage: UsageCounters })[]; nextCursor: string | null }> {
  const q = parseTemplateInput(listTemplatesQuery, raw);
  const limit = q.limit ?? DEFAULT_PAGE;
  const where: (SQL | undefined)[] = [eq(templates.businessId, businessId), isNull(templates.deletedAt)];
  if (q.channel) where.push(eq(templates.channel, q.channel));
  if (q.status) where.push(eq(templates.status, q.status));
  if (q.category) where.push(eq(templates.category, q.category));
  if (q.name) where.push(ilike(templates.name, `${likeEscape(q.name)}%`));
  if (raw.search?.trim()) {
    const s = `%${likeEscape(raw.search.trim())}%`;
    where.push(or(ilike(templates.name, s), ilike(templates.language, s)));
  }
  if (q.cursor) where.push(lt(templates.id, q.cursor));
  const usage = usageTotals(ctx, businessId);
  const rows = await ctx.db
    .select({
      t: templates,
      u: { sent: usage.sent, delivered: usage.delivered, read: usage.read, failed: usage.failed },
    })
    .from(templates)
    .leftJoin(usage, eq(usage.templateId, templates.id))
    .where(and(...where))
    .orderBy(desc(templates.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map(({ t, u }) => ({
      ...templateView(t),
      usage: { sent: u?.sent ?? 0, delivered: u?.delivered ?? 0, read: u?.read ?? 0, failed: u?.failed ?? 0 },
    })),
    nextCursor: rows.length > limit ? page[page.length - 1]!.t.id : null,
  };
}
