import { metrics, metricsEnabled } from "./registry";

// What the messaging and callback code calls: each returns at once when metrics are off, so
// the hot path pays one comparison for them.

export type MessageCount = { status: string; channel: string; provider: string; errorCode?: string | null };

/** Counts messages reaching a status; `lagSeconds` (from acceptance) is observed for `sent`. */
export function countMessageStatuses(list: Array<MessageCount & { lagSeconds?: number }>): void {
  if (list.length === 0 || !metricsEnabled()) return;
  const m = metrics();
  for (const c of list) {
    m.messages.inc({
      status: c.status,
      channel: c.channel,
      provider: c.provider,
      error_code: c.errorCode ?? "",
    });
    if (c.status === "sent" && c.lagSeconds !== undefined && c.lagSeconds >= 0)
      m.sendLag.observe({ channel: c.channel, provider: c.provider }, c.lagSeconds);
  }
}

/** Counts one callback attempt's outcome and latency. */
export function countCallbackAttempt(outcome: "delivered" | "retrying" | "failed", latencyMs: number): void {
  if (!metricsEnabled()) return;
  const m = metrics();
  m.callbackDeliveries.inc({ outcome });
  m.callbackLatency.observe({ outcome }, latencyMs / 1000);
}

export function countSenderWait(channel: string, ms: number): void {
  if (ms > 0 && metricsEnabled()) metrics().senderWait.inc({ channel }, ms / 1000);
}

export function countThrottled(provider: string, n = 1): void {
  if (n > 0 && metricsEnabled()) metrics().throttled.inc({ provider }, n);
}

/** Counts inbound messages a webhook carried that were left out (logged with the reason). */
export function countInboundSkipped(provider: string, reason: string, n: number): void {
  if (n > 0 && metricsEnabled()) metrics().inboundSkipped.inc({ provider, reason }, n);
}

/** Counts one request to a tracked link by its agent class (human, preview, bot). */
export function countLinkRequest(agentClass: string): void {
  if (metricsEnabled()) metrics().linkRequests.inc({ agent_class: agentClass });
}

/** Counts tracked-link requests dropped from a full click queue. */
export function countDroppedClicks(n: number): void {
  if (n > 0 && metricsEnabled()) metrics().clicksDropped.inc(n);
}
