import type { Ctx } from "../../context";
import { findChannelBusiness } from "../find-channel-business";
import type { RbmWebhookResult } from "./webhook";

/**
 * Who an RBM webhook is for: the business named by a per-business URL
 * (/api/webhooks/rbm/{business_id}), whose events then only ever touch that business; none on
 * the process-wide URL, where the business is the owner of the event's agentId.
 */
export type RbmWebhookScope = { businessId?: string };

/** The events of one verified RBM webhook. */
export type RbmEvents = Extract<RbmWebhookResult, { kind: "events" }>;

/**
 * Handles one verified RBM webhook's events (as a Meta field handler does one change): each
 * handler takes its part and finds the business itself. Listed in lib/api/webhooks/rbm-handlers.ts.
 */
export type RbmEventsHandler = (events: RbmEvents, scope: RbmWebhookScope) => Promise<void>;

/** The URL's business, else the agent's owner (undefined when no business owns the agent). */
export async function rbmEventBusiness(
  ctx: Ctx,
  events: RbmEvents,
  scope: RbmWebhookScope,
): Promise<string | undefined> {
  if (scope.businessId) return scope.businessId;
  if (!events.agentId) return undefined;
  return findChannelBusiness(ctx, { channel: "rcs", provider: "google-rbm", agentId: events.agentId });
}
