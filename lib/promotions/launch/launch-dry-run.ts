import type { Ctx } from "../../context";
import { isTransaction, rawQuery } from "../../db/sql";
import { priceNumbers, pricedCategory, type CostByCard } from "../../economics/cost/price-numbers";
import { invalidInput } from "../../errors";
import { findList, type TargetList } from "../lists/find-list";
import { listFromSegment } from "../lists/list-from-segment";
import { isAudienceBody, resolveLaunchAudience } from "./launch-audience";
import { listDryRun, type DryRunTotals } from "../lists/list-dry-run";
import type { RejectedRow } from "../lists/schemas";
import { launchRejects } from "./launch-rejects";
import { inRolledBackTransaction } from "./rolled-back";
import { missingValueSql } from "./missing-values-sql";
import { launchPromotionInput } from "./schemas";
import { withVariantTemplate } from "../ab/schemas";
import { dryRunArms, type DryRunArms } from "./dry-run-arms";
import {
  isMarketingTemplate,
  requiresMarketingOptIn,
} from "../../audiences/consent/require-marketing-consent";
import { hasMarketingConsentSql } from "../../audiences/consent/marketing-consent-sql";
import { validateLaunch } from "./validate-launch";
import { variableCells, type VariableColumn } from "./variable-columns";

/**
 * What a launch of this body on this list would do, row for row, before anything is sent: the
 * numbers E1, the campaign page, E3 and E4 show afterwards. rows = refused + optedOut +
 * holdout + willSend; refused = invalid + duplicates + missing.
 */
export type LaunchDryRun = DryRunTotals & {
  /**
   * An A/B test's draw: `holdout` recipients are never sent (not in willSend), `heldForWinner`
   * of willSend wait for the winner; all 0 without a test.
   */
  arms: DryRunArms;
  holdout: number;
  /** Valid rows with an empty cell in a column a variable takes its value from. */
  missing: number;
  refused: number;
  willSend: number;
  /**
   * Of `optedOut`, the numbers kept out for want of a marketing opt-in (the business requires
   * one and this is a marketing campaign); 0 otherwise.
   */
  noMarketingConsent: number;
  /** The first refused rows, by row number, each with its reason. */
  refusedRows: RejectedRow[];
  /** The variables filled from columns (what the refused rows CSV names). */
  variables: VariableColumn[];
  /**
   * What the rows to send would cost by the rate card if every message were delivered, by
   * country (docs/economics.md, Cost); null for RCS, whose price is the carrier's agreement.
   */
  cost: CostByCard | null;
};

/**
 * The dashboard's dry run with the message chosen: E1's checks on the body (a 400 as E1 gives),
 * then the counts, in the database (a 1M-row list is never read here): the rows refused for an
 * empty variable cell, and the opted-out numbers among the rest, as the launch counts them
 * (createRecipients).
 */
export async function launchDryRun(
  ctx: Ctx,
  input: { businessId: string; listName: unknown; body: unknown },
): Promise<LaunchDryRun> {
  const { businessId } = input;
  if (isAudienceBody(input.body)) return audienceDryRun(ctx, businessId, input.body);
  const list = await findList(ctx, businessId, input.listName);
  return dryRunOnList(ctx, businessId, list, input.body);
}

/**
 * A segment's or tags' dry run: the snapshot the launch would take (freezeAudience's list),
 * written in a transaction that is rolled back, and counted as a list is: the same reasons.
 */
async function audienceDryRun(ctx: Ctx, businessId: string, body: unknown): Promise<LaunchDryRun> {
  const parsed = launchPromotionInput.safeParse(withVariantTemplate(body));
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid promotion");
  const audience = await resolveLaunchAudience(ctx, businessId, body);
  return inRolledBackTransaction(ctx, async (tx) => {
    const list = await listFromSegment(tx, {
      businessId,
      definition: audience.definition,
      path: audience.source === "TAGS" ? "tags" : "segmentId",
    });
    return dryRunOnList(tx, businessId, list, body);
  });
}

async function dryRunOnList(
  ctx: Ctx,
  businessId: string,
  list: TargetList,
  body: unknown,
): Promise<LaunchDryRun> {
  const parsed = launchPromotionInput.safeParse(withVariantTemplate(body));
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid promotion");
  const checked = await validateLaunch(ctx, businessId, parsed.data, list.columns);
  // As the launch: a row needs a value for every column any variant of an A/B test refers to.
  const ab = parsed.data.abTest;
  const vars = variableCells(list.columns, [
    ...parsed.data.template.components,
    ...(ab?.variants.flatMap((v) => v.template.components) ?? []),
  ]);
  const missing = missingValueSql("r", vars);
  const marketing = parsed.data.channelType === "rcs" || isMarketingTemplate(checked.template.category);
  // As createRecipients: a number without an opt-in counts as opted out when the rule applies.
  const consent = marketing && (await requiresMarketingOptIn(ctx, businessId));
  const lacking = consent ? "(o.phone IS NULL AND c.lacking)" : "false";
  const probe = consent
    ? `CROSS JOIN LATERAL (SELECT NOT ${hasMarketingConsentSql("$2", "r.phone")} AS lacking) c`
    : "";
  const kept = `(o.phone IS NULL AND NOT ${lacking})`;
  // One pass over the list's rows: the missing and opted-out counts, and the numbers that would
  // be sent grouped by their first digits for the cost estimate.
  // In a transaction (a segment's dry run) the queries share one connection: one after another.
  const serial = isTransaction(ctx.db);
  const baseRun = listDryRun(ctx, businessId, list.id);
  const groupsRun = after(serial ? baseRun : null, () =>
    rawQuery<{ missing: number; opted_out: number; no_consent: number; sample: string | null; n: number }>(
      ctx.db,
      `SELECT count(*) FILTER (WHERE ${missing})::int AS missing,
         count(*) FILTER (WHERE NOT ${missing} AND NOT ${kept})::int AS opted_out,
         count(*) FILTER (WHERE NOT ${missing} AND ${lacking})::int AS no_consent,
         min(r.phone) FILTER (WHERE NOT ${missing} AND ${kept}) AS sample,
         count(*) FILTER (WHERE NOT ${missing} AND ${kept})::int AS n
       FROM target_list_rows r LEFT JOIN opt_outs o ON o.business_id = r.business_id AND o.phone = r.phone
       ${probe}
       WHERE r.list_id = $1 AND r.business_id = $2
       GROUP BY left(r.phone, 4)`,
      [list.id, businessId],
    ),
  );
  const rejectsRun = after(serial ? groupsRun : null, () =>
    launchRejects(ctx, { businessId, listId: list.id, vars }),
  );
  // The A/B draw over the rows the launch would send, as createRecipients draws it.
  const armsRun = after(serial ? rejectsRun : null, () =>
    dryRunArms(ctx, {
      abTest: ab,
      rows: `SELECT r.row_number AS seq, r.phone, CASE WHEN ${kept} THEN 'pending' ELSE 'optout' END AS state
       FROM target_list_rows r LEFT JOIN opt_outs o ON o.business_id = r.business_id AND o.phone = r.phone
       ${probe}
       WHERE r.list_id = $1 AND r.business_id = $2 AND NOT ${missing}`,
      values: [list.id, businessId],
    }),
  );
  const [base, groups, refusedRows, drawn] = await Promise.all([baseRun, groupsRun, rejectsRun, armsRun]);
  const { holdoutByPrefix, ...arms } = drawn;
  const m = groups.reduce((sum, g) => sum + g.missing, 0);
  const optedOut = groups.reduce((sum, g) => sum + g.opted_out, 0);
  const noMarketingConsent = groups.reduce((sum, g) => sum + g.no_consent, 0);
  const category = parsed.data.channelType === "chatapp" ? pricedCategory(checked.template.category) : null;
  // The holdout is never sent: nothing of it is priced.
  const sendable = groups.flatMap((g) =>
    g.sample === null
      ? []
      : [{ sample: g.sample, n: g.n - (holdoutByPrefix.get(g.sample.slice(0, 4)) ?? 0) }],
  );
  return {
    ...base,
    optedOut,
    noMarketingConsent,
    missing: m,
    refused: base.invalid + base.duplicates + m,
    arms,
    holdout: arms.holdout,
    willSend: base.valid - m - optedOut - arms.holdout,
    cost: category ? priceNumbers(sendable, category) : null,
    refusedRows,
    variables: vars.map(({ variable, column }) => ({ variable, column })),
  };
}

/** `run` once `previous` has settled (or now, without one). */
const after = <T>(previous: Promise<unknown> | null, run: () => Promise<T>): Promise<T> =>
  previous ? previous.then(run) : run();
