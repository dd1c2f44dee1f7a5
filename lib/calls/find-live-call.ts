import { and, desc, eq, notInArray } from "drizzle-orm";
import { calls } from "@/db/schema";
import type { Ctx } from "../context";
import { terminalCallStatuses } from "./schemas";

export type LiveCall = { callSid: string; to: string; status: string };

/**
 * The user's call that has not ended yet (queued, ringing or in progress), newest first, or
 * null: the calls page shows its "Calling…" banner from this, so the banner goes when the
 * call ends and comes back after a reload while the call is still on.
 */
export async function findLiveCall(ctx: Ctx, businessId: string, userId: string): Promise<LiveCall | null> {
  const [row] = await ctx.db
    .select({ callSid: calls.id, to: calls.toNumber, status: calls.status })
    .from(calls)
    .where(
      and(
        eq(calls.businessId, businessId),
        eq(calls.userId, userId),
        notInArray(calls.status, [...terminalCallStatuses]),
      ),
    )
    .orderBy(desc(calls.id))
    .limit(1);
  return row ?? null;
}
