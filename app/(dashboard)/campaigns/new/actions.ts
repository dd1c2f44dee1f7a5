"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { launchDryRun } from "@/lib/promotions/launch/launch-dry-run";
import { launchOnce } from "@/lib/promotions/launch/launch-once";
import { createListFromProfiles } from "@/lib/promotions/lists/list-from-profiles";
import { previewList } from "@/lib/promotions/lists/preview-list";
import { previewAudience } from "@/lib/promotions/wizard/preview-audience";

/** A stored list of the business: columns, first rows and dry-run totals. */
export const previewListAction = defineAction(
  { action: "previewListAction", input: z.string() },
  async (name, { ctx, businessId }) => previewList(ctx, businessId, name),
);

/** Writes the business's (filtered) profiles into a list, then previews it. */
export const profilesListAction = defineAction(
  // The filter is checked by createListFromProfiles, as for any caller.
  { action: "profilesListAction", input: z.unknown() },
  async (filter, { user, ctx, businessId }) => {
    const list = await createListFromProfiles(ctx, {
      businessId,
      createdBy: user.id,
      filter: filter as never,
    });
    return previewList(ctx, businessId, list.name);
  },
);

/**
 * A segment or tags as the audience: its live count, first matches and totals, from the
 * snapshot the launch would freeze (rolled back: nothing is stored).
 */
export const previewAudienceAction = defineAction(
  // The target is checked by previewAudience, as E1 checks it.
  { action: "previewAudienceAction", input: z.unknown() },
  async (target, { ctx, businessId }) => previewAudience(ctx, businessId, target),
);

/** The dry run with the message: what Launch would do to every row of the list, nothing sent. */
export const launchDryRunAction = defineAction(
  { action: "launchDryRunAction", input: z.object({ listName: z.string(), body: z.unknown() }) },
  async (input, { ctx, businessId }) =>
    launchDryRun(ctx, {
      businessId,
      listName: input.listName,
      body: input.body,
    }),
);

/**
 * Launch: E1 form (b) on the list (or E1's JSON form on a segment or tags, when the body names
 * one: `listName` is then empty) through the same domain function, once per wizard key (the
 * key is made when the wizard opens, so a double click or a retry launches one promotion).
 */
export const launchCampaignAction = defineAction(
  {
    action: "launchCampaignAction",
    input: z.object({ listName: z.string(), body: z.unknown(), idempotencyKey: z.string() }),
    revalidate: ["/campaigns"],
  },
  async (input, { ctx, businessId }) => {
    const result = await launchOnce(ctx, {
      businessId,
      listName: input.listName,
      body: input.body,
      idempotencyKey: input.idempotencyKey,
    });
    return { promotionId: result.promotionId, status: result.status };
  },
);
