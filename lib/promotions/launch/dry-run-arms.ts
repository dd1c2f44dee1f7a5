import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { abSeed } from "../ab/ab-seed";
import { REST_ARM, type ArmPlan } from "../ab/arm-deal";
import { armedInsert } from "../ab/assign-arms-sql";
import type { LaunchPromotionInput } from "./schemas";

/** What a dry run says of an A/B test's draw (all 0 without a test). */
export type DryRunArms = {
  /** Recipients the draw puts in the holdout: never sent (docs/economics.md). */
  holdout: number;
  /** Of those that will be sent, the ones kept for the winner (sent it after the test period). */
  heldForWinner: number;
  /**
   * true: the body names its `seed`, so the launch draws exactly these counts. false: the
   * launch's draw is seeded by the campaign's id, not known yet, and may differ from these by
   * at most one recipient per country calling code (the draw deals each calling code's
   * recipients in the arms' shares).
   */
  exact: boolean;
};

/** The counts, and the holdout by the numbers' first four digits (the cost estimate's groups). */
export type DrawnArms = DryRunArms & { holdoutByPrefix: Map<string, number> };

const none = (): DrawnArms => ({ holdout: 0, heldForWinner: 0, exact: true, holdoutByPrefix: new Map() });

/** The seed a dry run draws with when the body gives none (any fixed one: see `exact`). */
const DRY_RUN_SEED = "dry run";

/**
 * The A/B draw the launch would make on these rows, counted: `rows` is the dry run's SELECT of
 * the list rows the launch makes recipients of (`seq`, `phone`, and `state` 'pending' for the
 * ones it would send, as createRecipients writes them), and the draw is the launch's own
 * statement (armedInsert) over it, so the strata, the order and the deal are the launch's.
 */
export async function dryRunArms(
  ctx: Ctx,
  input: { abTest: LaunchPromotionInput["abTest"]; rows: string; values: unknown[] },
): Promise<DrawnArms> {
  const ab = input.abTest;
  if (!ab || (ab.holdoutPercent === 0 && !ab.winner)) return none();
  const plan: ArmPlan = {
    seed: abSeed(ab.seed ?? DRY_RUN_SEED, ""),
    holdoutPercent: ab.holdoutPercent,
    variantCount: ab.variants.length,
    testShare: ab.winner?.testShare ?? 100,
  };
  const armed = armedInsert(input.rows, ["seq", "phone", "state"], plan);
  const rows = await rawQuery<{ prefix: string; holdout: number; held: number }>(
    ctx.db,
    `SELECT left(x.phone, 4) AS prefix, count(*) FILTER (WHERE x.arm = 0)::int AS holdout,
            count(*) FILTER (WHERE x.arm = ${REST_ARM})::int AS held
     FROM (${armed.select}) x WHERE x.arm IS NOT NULL GROUP BY 1`,
    input.values,
  );
  return {
    holdout: rows.reduce((n, r) => n + r.holdout, 0),
    heldForWinner: rows.reduce((n, r) => n + r.held, 0),
    exact: ab.seed !== undefined,
    holdoutByPrefix: new Map(rows.map((r) => [r.prefix, r.holdout])),
  };
}
