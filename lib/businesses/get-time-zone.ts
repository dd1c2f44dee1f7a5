import { eq } from "drizzle-orm";
import { businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";

/** The IANA zone the dashboard shows the business's times in (businesses.time_zone, default UTC). */
export async function getTimeZone(ctx: Ctx, businessId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound("Business");
  return row.timeZone;
}
