import { handleRbmStatuses } from "@/lib/channels/google-rbm/rbm-status-handler";
import type {
  RbmEvents,
  RbmEventsHandler,
  RbmWebhookScope,
} from "@/lib/channels/google-rbm/rbm-event-business";
import { handleRbmInbound } from "@/lib/inbound/rbm-inbound-handler";

/**
 * The domain handlers of a verified RBM webhook's events, in the order they run: the same shape
 * as Meta's field table (meta-fields.ts), so both providers' events are found the same way from
 * their webhook routes.
 */
export const rbmEventHandlers: readonly RbmEventsHandler[] = [handleRbmStatuses, handleRbmInbound];

/** Runs every handler on one verified RBM webhook's events. */
export async function applyRbmEvents(events: RbmEvents, scope: RbmWebhookScope): Promise<void> {
  for (const handler of rbmEventHandlers) await handler(events, scope);
}
