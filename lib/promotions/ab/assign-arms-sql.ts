import { armDeal, REST_ARM, type ArmPlan } from "./arm-deal";
import { callingCodeSql } from "./calling-code-sql";

/**
 * work_mem for the launch's transaction when it draws arms (SET LOCAL): the draw's sort of a
 * million (seq, phone, calling code) rows and the hash of their arms stay in memory (about
 * 80 MB); at the default 4 MB the sort spills to disk and the hash join splits into batches
 * (which would also write the recipients out of seq order).
 */
export const ARM_SORT_WORK_MEM = "128MB";

/**
 * The launch's INSERT ... SELECT of recipients, with an A/B test's arms drawn in the same
 * statement: `select` names its columns (`columns`, in the INSERT's order, `seq`, `phone` and
 * `state` among them). Without a plan both come back as they were. With one, each `pending`
 * recipient gets an arm: within its calling code (the stratum), recipients are ordered by
 * hashtextextended(phone, seed) (random, but the same seed and numbers give the same order)
 * and dealt the plan's cycle of arms (armDeal) from a start that the stratum's own hash picks
 * (so tiny strata do not all begin with the same arm). Arm 0 becomes state `holdout`, REST_ARM
 * (kept for the winner) state `held`; opted-out
 * recipients get no arm.
 *
 * The draw sorts only what it needs (seq, phone, calling code: `select` read a second time, its
 * other columns never computed) and its arms are joined back by seq, so the wide rows are never
 * sorted and are written in the list's order, as without a test: the recipients' indexes are
 * filled at their right edge, and the engine's claims in seq order read the table front to back.
 */
export function armedInsert(
  select: string,
  columns: readonly string[],
  plan: ArmPlan | null,
): { columns: string; select: string } {
  if (!plan) return { columns: columns.join(", "), select };
  if (!/^-?\d{1,19}$/.test(plan.seed)) throw new Error("The A/B seed is not a 64-bit integer");
  const deal = armDeal(plan);
  const seed = `${plan.seed}::bigint`;
  const slot = `(row_number() OVER w - 1 + (hashint4extended(s.cc, ${seed}) & 2147483647)) % ${deal.length}`;
  const picked = columns.map((c) =>
    c === "state"
      ? `CASE WHEN d.arm = 0 THEN 'holdout' WHEN d.arm = ${REST_ARM} THEN 'held' ELSE i.state END`
      : `i.${c}`,
  );
  return {
    columns: [...columns, "arm"].join(", "),
    select: `SELECT ${picked.join(", ")}, d.arm FROM (${select}) i
     LEFT JOIN (
       SELECT s.seq, ('{${deal.join(",")}}'::smallint[])[${slot} + 1] AS arm
       FROM (SELECT n.seq, n.phone, (${callingCodeSql("n.phone")})::int AS cc
             FROM (${select}) n WHERE n.state = 'pending') s
       WINDOW w AS (PARTITION BY s.cc ORDER BY hashtextextended(s.phone, ${seed}), s.phone)
     ) d ON d.seq = i.seq`,
  };
}
