"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countSegment, type SegmentMember } from "@/lib/audiences/segments/segment-matches";
import { deleteSegment } from "@/lib/audiences/segments/segments";

const PAGE = "/profiles/segments";
type Counted = { count: number; sample: SegmentMember[] };

export async function deleteSegmentAction(id: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteSegmentAction");
    await deleteSegment(userCtx(user), user.businessId, String(id));
    revalidatePath(PAGE);
    return null;
  }, id);
}

/** The list's count of one saved segment, on demand (a count reads every profile it matches). */
export async function countSegmentAction(id: string): Promise<ActionResult<Counted>> {
  return runAction(async () => {
    const user = await requireAction("countSegmentAction");
    return countSegment(userCtx(user), user.businessId, String(id));
  }, id);
}
