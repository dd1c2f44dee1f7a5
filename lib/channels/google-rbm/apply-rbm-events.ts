import type { Ctx } from "../../context";
import { recordInboundBatched } from "../../inbound/record-inbound-batched";
import { log } from "../../log";
import { findChannelBusiness } from "../find-channel-business";
import { emitStatusEvents } from "../status-sink";
import type { RbmWebhookResult } from "./webhook";

/**
 * Who an RBM webhook is for: the business named by a per-business URL
 * (/api/webhooks/rbm/{business_id}), whose events then only ever touch that business; none on
 * the process-wide URL, where the business is the owner of the event's agentId.
 */
export type RbmWebhookScope = { businessId?: string };

/**
 * Applies the events of one verified RBM webhook (as the Meta field handlers do for WhatsApp):
 * statuses go to the status sink, scoped to the business when known; a user message is stored
 * for the business, or dropped (logged) when no business owns the agent.
 */
export async function applyRbmEvents(
  ctx: Ctx,
  result: Extract<RbmWebhookResult, { kind: "events" }>,
  scope: RbmWebhookScope,
): Promise<void> {
  const businessId = await rbmEventBusiness(ctx, result, scope);
  await emitStatusEvents({ provider: "google-rbm", businessId }, result.events);
  if (!result.inbound) return;
  if (!businessId) {
    log.warn({ agentId: result.agentId }, "RBM user message for an unknown agent dropped");
    return;
  }
  // With concurrent webhooks' messages, in one transaction (answered once committed).
  await recordInboundBatched({
    businessId,
    channel: "rcs",
    provider: "google-rbm",
    messages: [result.inbound],
  });
}

/** The URL's business, else the agent's owner (looked up only when there is something to apply). */
async function rbmEventBusiness(
  ctx: Ctx,
  result: Extract<RbmWebhookResult, { kind: "events" }>,
  scope: RbmWebhookScope,
): Promise<string | undefined> {
  if (scope.businessId) return scope.businessId;
  const needsBusiness = result.events.length > 0 || result.inbound !== undefined;
  if (!needsBusiness || !result.agentId) return undefined;
  return findChannelBusiness(ctx, { channel: "rcs", provider: "google-rbm", agentId: result.agentId });
}
