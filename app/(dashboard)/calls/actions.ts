"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { startCall } from "@/lib/calls/start-call";
import { setUserStatus } from "@/lib/users/set-user-status";
import { userStatus } from "@/lib/users/schemas";

/** The signed-in user calls `callTo` (G9's domain function, same checks). */
export const startCallAction = defineAction(
  { action: "startCallAction", input: z.string(), revalidate: ["/calls"] },
  async (callTo, { ctx, businessId }) => startCall(ctx, businessId, { callTo }),
);

/** The signed-in user's own status (Available, Busy, Away). */
export const setMyStatusAction = defineAction(
  {
    action: "setMyStatusAction",
    input: z.string().pipe(userStatus.exclude(["Disabled", "InCall"])),
    revalidate: ["/calls"],
  },
  async (status, { user, ctx, businessId }) => {
    const u = await setUserStatus(ctx, businessId, { userId: user.id, userStatus: status });
    return { userStatus: u.userStatus };
  },
);
