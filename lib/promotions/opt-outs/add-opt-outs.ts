import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { OptOutSource } from "./schemas";

/**
 * Puts numbers (already E.164 digits) on the business's opt-out list; a number already there
 * keeps its first source and date. Returns the numbers that were new. Later promotion launches count
 * them as `optout` and never send to them.
 */
export async function addOptOuts(
  ctx: Ctx,
  input: { businessId: string; phones: string[]; source: OptOutSource },
): Promise<string[]> {
  if (input.phones.length === 0) return [];
  const rows = await rawQuery<{ phone: string }>(
    ctx.db,
    `INSERT INTO opt_outs (business_id, phone, source)
     SELECT $1, p, $3 FROM unnest($2::text[]) AS p ORDER BY p
     ON CONFLICT (business_id, phone) DO NOTHING RETURNING phone`,
    [input.businessId, input.phones, input.source],
  );
  return rows.map((r) => r.phone);
}
