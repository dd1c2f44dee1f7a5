import { rbmEventBusiness, type RbmEventsHandler } from "../channels/google-rbm/rbm-event-business";
import { systemCtx } from "../context";
import { log } from "../log";
import { recordInboundBatched } from "./record-inbound-batched";

/**
 * An RBM user message (text, suggestion reply, location, file): stored for the business the URL
 * names or the agent's owner, and raised as `message.received`; dropped (logged) when no
 * business owns the agent. Listed in lib/api/webhooks/rbm-handlers.ts beside the statuses'.
 */
export const handleRbmInbound: RbmEventsHandler = async (events, scope) => {
  if (!events.inbound) return;
  const businessId = await rbmEventBusiness(systemCtx("rbm-webhook"), events, scope);
  if (!businessId) {
    log.warn({ agentId: events.agentId }, "RBM user message for an unknown agent dropped");
    return;
  }
  // With concurrent webhooks' messages, in one transaction (answered once committed).
  await recordInboundBatched({
    businessId,
    channel: "rcs",
    provider: "google-rbm",
    messages: [events.inbound],
  });
};
