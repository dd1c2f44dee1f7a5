import { armDeal, type ArmPlan } from "./arm-deal";
import { callingCodeSql } from "./calling-code-sql";

/**
 * The launch's INSERT ... SELECT of recipients, with an A/B test's arms drawn in the same
 * statement: `select` names its columns (`columns`, in the INSERT's order, `phone` and `state`
 * among them). Without a plan both come back as they were. With one, each `pending` recipient
 * gets an arm: within its calling code (the stratum), recipients are ordered by
 * hashtextextended(phone, seed) (random, but the same seed and numbers give the same order)
 * and dealt the plan's cycle of arms (armDeal) from a start that the stratum's own hash picks
 * (so tiny strata do not all begin with the same arm). Arm 0 becomes state `holdout`; opted-out
 * recipients get no arm. One sort of the recipients by stratum and hash: no second pass, no row
 * through the application.
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
  const slot = `(row_number() OVER w - 1 + (hashtextextended(s.cc, ${seed}) & 2147483647)) % ${deal.length}`;
  const picked = columns.map((c) =>
    c === "state" ? `CASE WHEN a.arm = 0 THEN 'holdout' ELSE a.state END` : `a.${c}`,
  );
  return {
    columns: [...columns, "arm"].join(", "),
    select: `SELECT ${picked.join(", ")}, a.arm FROM (
       SELECT s.*, CASE WHEN s.state = 'pending' THEN ('{${deal.join(",")}}'::smallint[])[${slot} + 1] END AS arm
       FROM (SELECT i.*, ${callingCodeSql("i.phone")} AS cc FROM (${select}) i) s
       WINDOW w AS (PARTITION BY s.state = 'pending', s.cc ORDER BY hashtextextended(s.phone, ${seed}), s.phone)
     ) a`,
  };
}
