import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";

/**
 * Sweepers that read a table in time order (UUIDv7 ids) from a persisted mark onwards: rows
 * they must find (stranded ones) are then found without an index on a column the rows'
 * hot-path updates change, so those updates stay HOT (docs/decisions/hot-updates-bulk-path.md). A sweeper moves its
 * mark up to its first row still open; everything before the mark was seen settled. Two
 * sweepers racing may move it back: harmless, the next sweep reads a little more.
 */
export type SweepMark = {
  /** Where the sweep starts (the epoch when the sweeper never ran: it reads the whole table once). */
  from: Date;
  /** The database's clock, which the sweep's bounds are taken from. */
  now: Date;
};

export async function readSweepMark(executor: Executor, name: string): Promise<SweepMark> {
  const [row] = await rawQuery<SweepMark>(
    executor,
    `SELECT coalesce((SELECT mark FROM sweep_marks WHERE name = $1), 'epoch'::timestamptz) AS "from", now() AS "now"`,
    [name],
  );
  return row!;
}

export async function writeSweepMark(executor: Executor, name: string, mark: Date): Promise<void> {
  await rawQuery(
    executor,
    `INSERT INTO sweep_marks (name, mark) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET mark = excluded.mark, updated_at = now()`,
    [name, mark],
  );
}
