import type { StoredAbTest } from "@/db/schema/ab-test";
import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { findPromotion } from "../engine/find-promotion";
import { armCounts, type ArmCounts } from "./arm-counts";
import { liftVerdict, type Lift } from "./lift-verdict";
import { winnerStatus, type WinnerStatus } from "./winner-state";

export type Rated = { count: number; rate: number };

export type ArmReport = {
  arm: number;
  name: string;
  /** The variant's template; null for the holdout (sent nothing). */
  template: { id: string; name: string; language: string } | null;
  recipients: number;
  delivered: Rated;
  read: Rated;
  replied: Rated;
  clicked: Rated;
  /** Human clicks, every one. */
  clicks: number;
  converted: Rated;
  conversions: number;
  revenue: Array<{ currency: string; value: number }>;
};

export type VariantsReport = {
  promotionId: string;
  holdoutPercent: number;
  seed: string;
  arms: ArmReport[];
  lifts: Lift[];
  /** Sending the winner to the rest: the setting, when, its state and the decision. */
  winner: WinnerStatus;
};

const rated = (count: number, of: number): Rated => ({ count, rate: of === 0 ? 0 : count / of });

/**
 * An A/B test's report (docs/economics.md, "A/B variants and a holdout"): each arm's numbers
 * (armCounts), each a count and its rate over the arm's recipients, and the conversion lift of
 * each variant against the holdout, or against the first variant when there is no holdout, with
 * its 95% interval and verdict (liftVerdict), and where sending the winner to the rest stands
 * (winnerStatus). 404 for another business's promotion and for a
 * promotion without an A/B test.
 */
export async function variantsReport(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<VariantsReport> {
  return reportVariants(ctx, businessId, await findPromotion(ctx, businessId, promotionId, undefined));
}

/** The report of a promotion already found. */
export async function reportVariants(
  ctx: Ctx,
  businessId: string,
  p: Awaited<ReturnType<typeof findPromotion>>,
): Promise<VariantsReport> {
  if (!p.abTest) throw notFound("A/B test of this promotion");
  const counts = await armCounts(ctx, { id: p.id, businessId });
  return variantsOfCounts(ctx, businessId, p, counts);
}

/** The report from its arms' numbers as read (armCounts): the lifts, and the winner's state. */
export async function variantsOfCounts(
  ctx: Ctx,
  businessId: string,
  p: Awaited<ReturnType<typeof findPromotion>>,
  counts: ArmCounts[],
): Promise<VariantsReport> {
  const ab = p.abTest;
  if (!ab) throw notFound("A/B test of this promotion");
  const winner = await winnerStatus(ctx, businessId, p);
  const arms = armsOf(ab, counts);
  const holdout = ab.holdoutPercent > 0 ? arms.find((a) => a.arm === 0) : undefined;
  const baseline = holdout ?? arms.find((a) => a.arm === 1)!;
  const lifts = arms
    .filter((a) => a.arm > 0 && a !== baseline)
    .map((a) =>
      liftVerdict(
        { name: a.name, count: a.converted.count, n: a.recipients },
        {
          name: baseline.name,
          count: baseline.converted.count,
          n: baseline.recipients,
          holdout: baseline.arm === 0,
        },
      ),
    );
  return { promotionId: p.id, holdoutPercent: ab.holdoutPercent, seed: ab.seed, arms, lifts, winner };
}

/** Every arm of the test, an arm nobody was drawn into with zeros. */
function armsOf(ab: StoredAbTest, counts: ArmCounts[]): ArmReport[] {
  const named = [
    ...(ab.holdoutPercent > 0 ? [{ arm: 0, name: "holdout", template: null }] : []),
    ...ab.variants.map((v) => ({
      arm: v.arm,
      name: v.name,
      template: { id: v.templateId, name: v.templateName, language: v.language },
    })),
  ];
  return named.map((a) => {
    const c = counts.find((x) => x.arm === a.arm);
    const n = c?.recipients ?? 0;
    return {
      ...a,
      recipients: n,
      delivered: rated(c?.delivered ?? 0, n),
      read: rated(c?.read ?? 0, n),
      replied: rated(c?.replied ?? 0, n),
      clicked: rated(c?.clicked ?? 0, n),
      clicks: c?.clicks ?? 0,
      converted: rated(c?.converted ?? 0, n),
      conversions: c?.conversions ?? 0,
      revenue: c?.revenue ?? [],
    };
  });
}
