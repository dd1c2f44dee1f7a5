import { systemCtx } from "../../context";
import { emitStatusEvents } from "../status-sink";
import { rbmEventBusiness, type RbmEventsHandler } from "./rbm-event-business";

/**
 * RBM's delivery and read receipts of what we sent, to the status sink, scoped to the business
 * when known (else the messages are found by their provider id alone). Listed in
 * lib/api/webhooks/rbm-handlers.ts beside the user messages' handler.
 */
export const handleRbmStatuses: RbmEventsHandler = async (events, scope) => {
  if (events.events.length === 0) return;
  const businessId = await rbmEventBusiness(systemCtx("rbm-webhook"), events, scope);
  await emitStatusEvents({ provider: "google-rbm", businessId }, events.events);
};
