import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";

/** The given columns of the business's row (e.g. `{ timeZone: businesses.timeZone }`); 404 without it. */
export async function readBusiness<T extends SelectedFields>(ctx: Ctx, businessId: string, fields: T) {
  const [row] = await ctx.db.select(fields).from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound("Business");
  return row;
}
