import type { Executor } from "../../db/pool";
import { rawQuery, transaction } from "../../db/sql";
import { DUPLICATE_REASON } from "./check-list-row";

/**
 * Moves every row of a freshly written list whose number an earlier row (lower row number)
 * already has into its rejects as "duplicate phone", with the raw phone cell as uploaded
 * (truncated to 64 characters). One statement over the stored rows instead of a set of every
 * number in the application's memory; a file without duplicates writes nothing here.
 * Returns how many rows were moved.
 *
 * Without parallel workers: PostgreSQL's parallel plan of this query built the whole GROUP BY
 * hash in each of its three processes (3x the CPU on a 2-core machine, no faster). With more
 * work_mem the one hash of a million numbers stays in memory (measured 1.96 -> 1.45 s).
 */
export async function removeDuplicateRows(
  executor: Executor,
  input: { listId: string; businessId: string; phonePosition: number },
): Promise<number> {
  return transaction(executor, async (tx) => {
    await rawQuery(tx, "SET LOCAL max_parallel_workers_per_gather = 0");
    await rawQuery(tx, "SET LOCAL work_mem = '64MB'");
    return moveDuplicates(tx, input);
  });
}

async function moveDuplicates(
  executor: Executor,
  input: { listId: string; businessId: string; phonePosition: number },
): Promise<number> {
  const [moved] = await rawQuery<{ n: number }>(
    executor,
    `WITH dup AS (
       SELECT row_number, cells FROM (
         SELECT row_number, cells, row_number() OVER (PARTITION BY phone ORDER BY row_number) AS k
         FROM target_list_rows
         WHERE list_id = $1 AND business_id = $2
           AND phone IN (SELECT phone FROM target_list_rows WHERE list_id = $1 AND business_id = $2
                         GROUP BY phone HAVING count(*) > 1)
       ) d WHERE k > 1
     ), rejected AS (
       INSERT INTO target_list_rejects (list_id, business_id, row_number, reason, phone)
       SELECT $1, $2, row_number, $4, left(split_part(cells, chr(31), $3), 64) FROM dup
       RETURNING row_number
     ), removed AS (
       DELETE FROM target_list_rows t USING rejected
       WHERE t.list_id = $1 AND t.row_number = rejected.row_number
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM removed`,
    [input.listId, input.businessId, input.phonePosition, DUPLICATE_REASON],
  );
  return moved?.n ?? 0;
}
