import { and, count, desc, eq, like } from "drizzle-orm";
import { optOuts } from "@/db/schema";
import type { Ctx } from "../../context";
import type { OptOutView } from "./schemas";
import { digitsOnly } from "../../phone/typed-phone";

/** The business's opt-out list, newest first, one page; `search` keeps numbers holding its digits. */
export async function listOptOuts(
  ctx: Ctx,
  businessId: string,
  query: { page: number; size: number; search?: string },
): Promise<{ optOuts: OptOutView[]; totalItems: number }> {
  const digits = digitsOnly(query.search ?? "");
  const where = and(
    eq(optOuts.businessId, businessId),
    digits ? like(optOuts.phone, `%${digits}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(optOuts)
      .where(where)
      .orderBy(desc(optOuts.createdAt), optOuts.phone)
      .limit(query.size)
      .offset(query.page * query.size),
    ctx.db.select({ n: count() }).from(optOuts).where(where),
  ]);
  return {
    optOuts: rows.map((r) => ({
      phone: r.phone,
      source: r.source,
      createdAt: Math.floor(r.createdAt.getTime() / 1000),
    })),
    totalItems: total?.n ?? 0,
  };
}
