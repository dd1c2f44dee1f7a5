import { and, eq } from "drizzle-orm";
import { targetLists } from "@/db/schema";
import type { Ctx } from "../../context";
import { invalid, invalidInput } from "../../errors";
import { listName } from "./schemas";

export type TargetList = typeof targetLists.$inferSelect;

/** The business's target list called `name` (E1 form (b)), or a 400 naming the query field. */
export async function findList(ctx: Ctx, businessId: string, name: unknown): Promise<TargetList> {
  const parsed = listName.safeParse(name);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid list name", "name");
  const [row] = await ctx.db
    .select()
    .from(targetLists)
    .where(and(eq(targetLists.businessId, businessId), eq(targetLists.name, parsed.data)));
  if (!row) {
    const message = `No target list named '${parsed.data}': upload it first (multipart launch or POST /api/v2/promotion/{business_id}/list)`;
    throw invalid(message, [{ path: "name", message }]);
  }
  return row;
}
