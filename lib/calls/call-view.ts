import { calls } from "@/db/schema";
import type { CallView } from "./schemas";

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
