import { and, eq, sql } from "drizzle-orm";
import { assignWaiting } from "../conversations/assign-waiting";
import { calls, users } from "@/db/schema";
import { enqueueCallback } from "../callbacks/enqueue-callbacks";
import type { CallOutcome } from "../channels/call-provider";
import { inTransaction, type Ctx } from "../context";
import type { CallRow } from "./call-view";
import { cdrPayload } from "./cdr-payload";
import { terminalCallStatuses } from "./schemas";

/**
 * Ends a call once: records the outcome, gives the agent back the status it had before the
 * call (unless it chose another one meanwhile), and queues the call data record for the
 * business's callback endpoints, all in one transaction. A late or repeated provider report
 * of an ended call changes nothing (statuses only move forward). Returns null then.
 */
export async function finishCall(
  ctx: Ctx,
  ref: { businessId: string; callId: string },
  outcome: CallOutcome,
): Promise<CallRow | null> {
  return inTransaction(ctx, async (tx) => {
    const [call] = await tx.db
      .select()
      .from(calls)
      .where(and(eq(calls.id, ref.callId), eq(calls.businessId, ref.businessId)))
      .for("update");
    if (!call || terminalCallStatuses.includes(call.status)) return null;
    const [ended] = await tx.db
      .update(calls)
      .set({
        status: outcome.status,
        conversationDuration: outcome.conversationDuration,
        legs: outcome.legs,
        recordingUrl: outcome.recordingUrl,
        startedAt: outcome.startedAt,
        endedAt: outcome.endedAt,
        updatedAt: sql`now()`,
      })
      .where(eq(calls.id, call.id))
      .returning();
    await tx.db
      .update(users)
      .set({
        status: sql`coalesce(${users.statusBeforeCall}, 'Available')`,
        statusBeforeCall: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(users.id, call.userId),
          eq(users.businessId, call.businessId),
          eq(users.status, "InCall"),
          eq(users.enabled, true),
        ),
      );
    await enqueueCallback(tx, {
      businessId: call.businessId,
      event: "call.cdr",
      payload: cdrPayload(ended!),
    });
    // The agent is back (Available unless it chose otherwise during the call): waiting
    // conversations may go to it now.
    await assignWaiting(tx, call.businessId);
    return ended!;
  });
}
