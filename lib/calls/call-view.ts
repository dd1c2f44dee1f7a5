import { and, eq } from "drizzle-orm";
import { calls } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import type { CallView } from "./schemas";
import { env } from "../env";

export type CallRow = typeof calls.$inferSelect;

const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function callView(c: CallRow): CallView {
  return {
    callSid: c.id,
    providerCallSid: c.providerCallSid,
    userId: c.userId,
    provider: c.provider,
    from: c.fromNumber,
    to: c.toNumber,
    callerId: c.callerId,
    status: c.status,
    direction: c.direction,
    recordingUrl: c.recordingUrl,
    conversationDuration: c.conversationDuration,
    legs: c.legs,
    startedAt: epoch(c.startedAt),
    endedAt: epoch(c.endedAt),
    createdAt: epoch(c.createdAt)!,
  };
}

/** A call of `businessId`, or 404. */
export async function findCall(ctx: Ctx, businessId: string, callId: string): Promise<CallRow> {
  if (!isUuid(callId)) throw notFound("Call");
  const [c] = await ctx.db
    .select()
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.businessId, businessId)));
  if (!c) throw notFound("Call");
  return c;
}

/** The public base URL of this deployment, for recording links and provider callbacks. */
export function publicBaseUrl(): string {
  const cfg = env();
  return (cfg.PUBLIC_BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, "");
}
