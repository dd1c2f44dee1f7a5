import type { RowOf } from "../../db/row-of";
import type { optOuts } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/** The numbers (E.164 digits) among `phones` that are on the business's opt-out list. */
export async function filterOptedOut(tx: Ctx, businessId: string, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await rawQuery<Pick<RowOf<typeof optOuts>, "phone">>(
    tx.db,
    "SELECT phone FROM opt_outs WHERE business_id = $1 AND phone = ANY($2::text[])",
    [businessId, phones],
  );
  return new Set(rows.map((r) => r.phone));
}

/** Whether one number is on the business's opt-out list. */
export async function isOptedOut(tx: Ctx, businessId: string, phone: string): Promise<boolean> {
  return (await filterOptedOut(tx, businessId, [phone])).has(phone);
}
