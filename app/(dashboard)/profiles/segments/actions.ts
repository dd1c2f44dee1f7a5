"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countDefinition, countSegment, type SegmentMember } from "@/lib/audiences/segments/segment-matches";
import {
  createSegment,
  deleteSegment,
  updateSegment,
  type SegmentView,
} from "@/lib/audiences/segments/segments";

const PAGE = "/profiles/segments";
type Counted = { count: number; sample: SegmentMember[] };

export async function createSegmentAction(raw: unknown): Promise<ActionResult<SegmentView>> {
  return runAction(async () => {
    const user = await requireAction("createSegmentAction");
    const segment = await createSegment(userCtx(user), user.businessId, raw);
    revalidatePath(PAGE);
    return segment;
  }, raw);
}

export async function updateSegmentAction(id: string, raw: unknown): Promise<ActionResult<SegmentView>> {
  return runAction(async () => {
    const user = await requireAction("updateSegmentAction");
    const segment = await updateSegment(userCtx(user), user.businessId, String(id), raw);
    revalidatePath(PAGE);
    revalidatePath(`${PAGE}/${segment.id}`);
    return segment;
  }, raw);
}

export async function deleteSegmentAction(id: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteSegmentAction");
    await deleteSegment(userCtx(user), user.businessId, String(id));
    revalidatePath(PAGE);
    return null;
  }, id);
}

/** The builder's live count: a definition not saved yet, checked as a save checks it. */
export async function countDefinitionAction(definition: unknown): Promise<ActionResult<Counted>> {
  return runAction(async () => {
    const user = await requireAction("countDefinitionAction");
    return countDefinition(userCtx(user), user.businessId, definition);
  }, definition);
}

/** The list's count of one saved segment, on demand (a count reads every profile it matches). */
export async function countSegmentAction(id: string): Promise<ActionResult<Counted>> {
  return runAction(async () => {
    const user = await requireAction("countSegmentAction");
    return countSegment(userCtx(user), user.businessId, String(id));
  }, id);
}
