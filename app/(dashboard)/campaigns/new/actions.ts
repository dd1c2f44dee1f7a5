"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { launchDryRun, type LaunchDryRun } from "@/lib/promotions/launch/launch-dry-run";
import { launchOnce } from "@/lib/promotions/launch/launch-once";
import { createListFromProfiles } from "@/lib/promotions/lists/list-from-profiles";
import { previewList, type ListPreview } from "@/lib/promotions/lists/preview-list";
import { previewAudience, type AudiencePreview } from "@/lib/promotions/wizard/preview-audience";

/** A stored list of the business: columns, first rows and dry-run totals. */
export async function previewListAction(name: string): Promise<ActionResult<ListPreview>> {
  return runAction(async () => {
    const user = await requireAction("previewListAction");
    return previewList(userCtx(user), user.businessId, name);
  }, name);
}

/** Writes the business's (filtered) profiles into a list, then previews it. */
export async function profilesListAction(filter: unknown): Promise<ActionResult<ListPreview>> {
  return runAction(async () => {
    const user = await requireAction("profilesListAction");
    const ctx = userCtx(user);
    const list = await createListFromProfiles(ctx, {
      businessId: user.businessId,
      createdBy: user.id,
      filter: filter as never,
    });
    return previewList(ctx, user.businessId, list.name);
  }, filter);
}

/**
 * A segment or tags as the audience: its live count, first matches and totals, from the
 * snapshot the launch would freeze (rolled back: nothing is stored).
 */
export async function previewAudienceAction(target: unknown): Promise<ActionResult<AudiencePreview>> {
  return runAction(async () => {
    const user = await requireAction("previewAudienceAction");
    return previewAudience(userCtx(user), user.businessId, target);
  }, target);
}

/** The dry run with the message: what Launch would do to every row of the list, nothing sent. */
export async function launchDryRunAction(input: {
  listName: string;
  body: unknown;
}): Promise<ActionResult<LaunchDryRun>> {
  return runAction(async () => {
    const user = await requireAction("launchDryRunAction");
    return launchDryRun(userCtx(user), {
      businessId: user.businessId,
      listName: input?.listName,
      body: input?.body,
    });
  }, input);
}

/**
 * Launch: E1 form (b) on the list (or E1's JSON form on a segment or tags, when the body names
 * one: `listName` is then empty) through the same domain function, once per wizard key (the
 * key is made when the wizard opens, so a double click or a retry launches one promotion).
 */
export async function launchCampaignAction(input: {
  listName: string;
  body: unknown;
  idempotencyKey: string;
}): Promise<ActionResult<{ promotionId: string; status: string }>> {
  return runAction(async () => {
    const user = await requireAction("launchCampaignAction");
    const result = await launchOnce(userCtx(user), {
      businessId: user.businessId,
      listName: String(input?.listName ?? ""),
      body: input?.body,
      idempotencyKey: String(input?.idempotencyKey ?? ""),
    });
    revalidatePath("/campaigns");
    return { promotionId: result.promotionId, status: result.status };
  }, input);
}
