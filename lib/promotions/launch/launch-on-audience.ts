import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalidInput } from "../../errors";
import type { IdempotencyRef } from "../../messages/send/commit-send";
import { launchedBy } from "../launched-by";
import { freezeSegmentList } from "../lists/freeze-segment-list";
import { segmentListColumns } from "../lists/list-from-segment";
import type { TargetList } from "../lists/find-list";
import { resolveLaunchAudience, type LaunchAudience } from "./launch-audience";
import { launchPromotion, type LaunchResult } from "./launch-promotion";
import { launchPromotionInput } from "./schemas";
import { validateLaunch } from "./validate-launch";

/**
 * The audience's list, frozen now: the profiles it matches written into a hidden list on one
 * snapshot (freezeSegmentList: a large business's in two parts on two connections). Later
 * changes to the profiles, their tags or the segment do not change it.
 */
export async function freezeAudience(
  ctx: Ctx,
  businessId: string,
  audience: LaunchAudience,
): Promise<TargetList> {
  return freezeSegmentList(ctx, {
    businessId,
    definition: audience.definition,
    createdBy: launchedBy(ctx).createdBy,
    path: audience.source === "TAGS" ? "tags" : "segmentId",
  });
}

/**
 * E1's JSON form on a segment (`targetSource: "SEGMENT"`) or on tags (`"TAGS"`): the body
 * checked, the audience frozen into its list, then the list's launch (launchPromotion: the
 * same refusals, counts and record as a list's, with targetSource, targetType and
 * tagSearchCriteria the audience's). A launch that fails takes its snapshot with it.
 */
export async function launchOnAudience(
  ctx: Ctx,
  input: { businessId: string; body: unknown; idempotency?: IdempotencyRef },
): Promise<LaunchResult> {
  const { businessId, body } = input;
  const parsed = launchPromotionInput.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid promotion");
  const audience = await resolveLaunchAudience(ctx, businessId, body);
  // The template's checks first, on the columns the snapshot will have: a refused body costs
  // no snapshot of a large audience.
  await validateLaunch(ctx, businessId, parsed.data, (await segmentListColumns(ctx, businessId)).columns);
  const list = await freezeAudience(ctx, businessId, audience);
  try {
    return await launchPromotion(ctx, { businessId, list, body, idempotency: input.idempotency, audience });
  } catch (err) {
    await dropSnapshot(ctx, businessId, list.id).catch(() => undefined);
    throw err;
  }
}

/** The snapshot of a launch that did not happen (its rows go with it: the list's trigger). */
const dropSnapshot = (ctx: Ctx, businessId: string, listId: string) =>
  rawQuery(
    ctx.db,
    `DELETE FROM target_lists l WHERE l.business_id = $1 AND l.id = $2
       AND NOT EXISTS (SELECT 1 FROM promotions p WHERE p.business_id = $1 AND p.target_list_id = $2)`,
    [businessId, listId],
  );
