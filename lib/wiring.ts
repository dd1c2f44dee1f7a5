// The one place that wires this process: queues to their handlers, provider webhooks to the
// domains that handle them, and the listeners that follow what the messaging core commits.
// Provider webhooks' events are not wired here: the webhook routes call their handlers from a
// table beside them (lib/api/webhooks/meta-fields.ts, rbm-handlers.ts). Nothing registers itself on import; server start (lib/server/start.ts) and the test setup
// call wireAll(). Adding a piece = one line in the matching section below:
//   - a queue:            registerQueue(myQueue, handler, maintenance?)  ("Queues")
//   - a ticker:           registerTicker({ name, everyMs, run })         ("Queues": every worker runs it)
//   - a status listener:  onStatusMoved("promotions", listener)         ("Listeners")
//   - an inbound listener: onInboundStored("promotions", listener)      ("Listeners")
// Registrations are by name, so calling wireAll() again replaces rather than duplicates.
import { deliveryQueue, REQUEUE_STRANDED_EVERY_MS, requeueStranded } from "./callbacks/deliver-job";
import { processDeliveries } from "./callbacks/process-deliveries";
import { runSimulatedCallStep, simulateCallQueue } from "./calls/simulate-call-job";
import { setStatusSink } from "./channels/status-sink";
import { systemCtx } from "./context";
import { openOnInbound } from "./conversations/open-on-inbound";
import { registerTicker } from "./jobs/tickers";
import { leasedOnFirstRun } from "./jobs/job-leases";
import { registerQueue } from "./jobs/registered-queues";
import { wakeConfig } from "./flows/engine/wake-config";
import { wakeDueRuns } from "./flows/engine/wake-due-runs";
import { runHttpStep, wakeRun } from "./flows/engine/continue-run";
import { flowHttpQueue, flowWakeQueue } from "./flows/engine/flow-jobs";
import { messagesConfig } from "./messages/dispatch/config";
import { dispatchMessages } from "./messages/dispatch/dispatch-messages";
import { dispatchQueue } from "./messages/dispatch/dispatch-queue";
import { sweepMessages } from "./messages/dispatch/sweep-messages";
import {
  applyStatusEventsJob,
  applyWebhookStatusEvents,
  statusEventsQueue,
} from "./messages/status/status-events-queue";
import { LEGACY_TAGS_EVERY_MS, moveLegacyProfileTags } from "./audiences/move-legacy-profile-tags";
import { listHousekeepingQueue } from "./promotions/lists/housekeeping-queue";
import {
  removeAbandonedUploads,
  REMOVE_ABANDONED_UPLOADS_EVERY_MS,
} from "./promotions/lists/remove-abandoned-uploads";
import { capabilityQueue } from "./promotions/rcs/capability-queue";
import { checkBatchCapability } from "./promotions/rcs/check-batch-capability";
import { onInboundStored } from "./inbound/inbound-listeners";
import { onStatusMoved } from "./messages/status/status-listeners";
import { optOutOnKeyword } from "./promotions/opt-outs/opt-out-keywords";
import { promotionsConfig } from "./promotions/engine/config";
import { followPromotionStatuses } from "./promotions/engine/follow-statuses";
import { promotionQueue } from "./promotions/engine/promotion-queue";
import { recordPromotionInteractions } from "./promotions/engine/record-interactions";
import { runDuePromotions } from "./promotions/engine/run-due-promotions";
import { sendDueWinners, WINNER_SCAN_EVERY_MS } from "./promotions/ab/send-winner";
import { templateReviewQueue } from "./templates/review-queue";
import { runTemplateReview } from "./templates/run-template-review";

export function wireAll(): void {
  // Queues: every queue the workers and the drain route (POST /api/internal/dispatch) run.
  registerQueue(dispatchQueue, (job, info) => dispatchMessages(leasedOnFirstRun(job, info)), {
    everyMs: messagesConfig().MESSAGES_SWEEP_EVERY_MS,
    run: () => sweepMessages(),
  });
  registerQueue(statusEventsQueue, (job) => applyStatusEventsJob(job));
  registerQueue(
    deliveryQueue,
    async (job, info) => {
      await processDeliveries(leasedOnFirstRun(job, info));
    },
    {
      everyMs: REQUEUE_STRANDED_EVERY_MS,
      run: () => requeueStranded(),
    },
  );
  registerQueue(templateReviewQueue, (job) => runTemplateReview(systemCtx("template-review"), job));
  registerQueue(simulateCallQueue, (job) => runSimulatedCallStep(systemCtx("call-simulator"), job));
  registerQueue(capabilityQueue, (data, job) => checkBatchCapability(data, job));
  // Flow runs waiting on a timer (wait, an ask's timeout) or an HTTP request.
  // Timers (a wait's end, an ask's timeout) are the runs' own wake_at, taken by the scanner; the
  // flows.wake queue only finishes jobs enqueued before it (docs/flows.md, "Timers").
  // Tags written before they lived on the profile (profile_tags), moved onto it within seconds
  // of an upgrade's start; once moved, a round is one empty index probe.
  registerTicker({
    name: "audiences.legacy-tags",
    everyMs: LEGACY_TAGS_EVERY_MS,
    run: () => moveLegacyProfileTags(systemCtx("legacy-tags")),
  });
  registerTicker({ name: "flows.wakes", everyMs: wakeConfig().FLOW_WAKE_SCAN_MS, run: () => wakeDueRuns() });
  registerQueue(flowWakeQueue, (job) => wakeRun(job));
  registerQueue(flowHttpQueue, (job) => runHttpStep(job));
  // The promotions scheduler: a tick on its queue, and a poll on every worker.
  registerQueue(promotionQueue, () => runDuePromotions().then(() => undefined), {
    everyMs: promotionsConfig().PROMOTIONS_TICK_MS,
    run: () => runDuePromotions(),
  });
  // A/B tests sending their winner to the rest: decided once their test period is over.
  registerTicker({
    name: "promotions.ab-winner",
    everyMs: WINNER_SCAN_EVERY_MS,
    run: () => sendDueWinners(),
  });
  // Lists a crashed upload left under their hidden name, cleared after an hour.
  const housekeeping = () => removeAbandonedUploads(systemCtx("list-housekeeping"));
  registerQueue(listHousekeepingQueue, () => housekeeping().then(() => undefined), {
    everyMs: REMOVE_ABANDONED_UPLOADS_EVERY_MS,
    run: housekeeping,
  });

  // Provider status events go to the messages domain (the status sink keeps lib/channels from
  // importing lib/messages).
  setStatusSink(applyWebhookStatusEvents);

  // Listeners: run inside the transaction that moved a message's status (onStatusMoved, from
  // lib/messages/status/status-listeners.ts) or stored a customer message (onInboundStored,
  // from lib/inbound/inbound-listeners.ts).
  onStatusMoved("promotions", followPromotionStatuses);
  onInboundStored("promotion-interactions", recordPromotionInteractions);
  onInboundStored("opt-out-keywords", optOutOnKeyword);
  onInboundStored("conversations", openOnInbound);
}
