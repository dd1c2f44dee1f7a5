// Every domain's queue definitions, imported for their side effect (defineQueue) so that
// server.ts starts their workers and the drain route knows their handlers. One line per domain.
import { deliveryQueue } from "../callbacks/deliver-job";
import { processDeliveries } from "../callbacks/process-deliveries";
import "../templates/review-queue";
import "../calls/simulate-call-job";
import "../messages/queues";
import { messagesConfig } from "../messages/dispatch/config";
import { dispatchMessages } from "../messages/dispatch/dispatch-messages";
import { dispatchQueue } from "../messages/dispatch/dispatch-queue";
import { sweepMessages } from "../messages/dispatch/sweep-messages";
import { handleQueue } from "./workers";
import { onInboundStored } from "../inbound/inbound-listeners";
import { onStatusMoved } from "../messages/status/status-listeners";
import { promotionsConfig } from "../promotions/engine/config";
import { followPromotionStatuses } from "../promotions/engine/follow-statuses";
import { promotionQueue } from "../promotions/engine/promotion-queue";
import { recordPromotionInteractions } from "../promotions/engine/record-interactions";
import { runDuePromotions } from "../promotions/engine/run-due-promotions";

// Queues whose handler enqueues on the queue itself, wired here so that the handler and the
// queue's module do not import each other.
handleQueue(deliveryQueue, async (job) => {
  await processDeliveries(job);
});
handleQueue(dispatchQueue, (job) => dispatchMessages(job), {
  everyMs: messagesConfig().MESSAGES_SWEEP_EVERY_MS,
  run: () => sweepMessages(),
});
// Promotions: the scheduler tick on its queue, status and reply listeners.
handleQueue(promotionQueue, () => runDuePromotions().then(() => undefined), {
  everyMs: promotionsConfig().PROMOTIONS_TICK_MS,
  run: () => runDuePromotions(),
});
onStatusMoved("promotions", followPromotionStatuses);
onInboundStored("promotion-interactions", recordPromotionInteractions);
