import type { Executor } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import type { ListReject } from "./check-list-row";

/** Stores refused rows of a list in one statement per batch (one JSON document). */
export async function writeRejects(
  executor: Executor,
  listId: string,
  businessId: string,
  rejects: ListReject[],
): Promise<void> {
  if (rejects.length === 0) return;
  const doc = JSON.stringify(rejects.map((r) => ({ n: r.rowNumber, r: r.reason, p: r.phone })));
  await rawQuery(
    executor,
    `INSERT INTO target_list_rejects (list_id, business_id, row_number, reason, phone)
     SELECT $1, $2, u.n, u.r, u.p FROM json_to_recordset($3::json) AS u(n int, r text, p text)`,
    [listId, businessId, doc],
  );
}
