"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { deleteTargetList } from "@/lib/promotions/dashboard/delete-target-list";

/** Deletes a list after the table's confirmation; launched promotions keep their recipients. */
export async function deleteListAction(id: string): Promise<ActionResult<{ name: string }>> {
  return runAction(async () => {
    const user = await requireAction("deleteListAction");
    const deleted = await deleteTargetList(userCtx(user), user.businessId, String(id));
    revalidatePath("/campaigns/lists");
    return deleted;
  }, id);
}
