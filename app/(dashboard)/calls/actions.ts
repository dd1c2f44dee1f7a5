"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import type { CallView } from "@/lib/calls/schemas";
import { startCall } from "@/lib/calls/start-call";
import { setUserStatus } from "@/lib/users/set-user-status";
import { userStatus } from "@/lib/users/schemas";

/** The signed-in user calls `callTo` (G9's domain function, same checks). */
export async function startCallAction(callTo: string): Promise<ActionResult<CallView>> {
  return runAction(async () => {
    const user = await requireAction("startCallAction");
    const call = await startCall(userCtx(user), user.businessId, { callTo: String(callTo) });
    revalidatePath("/calls");
    return call;
  }, callTo);
}

/** The signed-in user's own status (Available, Busy, Away). */
export async function setMyStatusAction(status: unknown): Promise<ActionResult<{ userStatus: string }>> {
  return runAction(async () => {
    const user = await requireAction("setMyStatusAction");
    const s = userStatus.exclude(["Disabled", "InCall"]).parse(status);
    const u = await setUserStatus(userCtx(user), user.businessId, { userId: user.id, userStatus: s });
    revalidatePath("/calls");
    return { userStatus: u.userStatus };
  }, status);
}
