import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/** Takes numbers off the business's opt-out list (a customer who opted back in); returns how many were on it. */
export async function removeOptOuts(
  ctx: Ctx,
  input: { businessId: string; phones: string[] },
): Promise<number> {
  if (input.phones.length === 0) return 0;
  const rows = await rawQuery(
    ctx.db,
    "DELETE FROM opt_outs WHERE business_id = $1 AND phone = ANY($2::text[]) RETURNING 1",
    [input.businessId, input.phones],
  );
  return rows.length;
}
