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
import { optOutOnKeyword } from "../promotions/opt-outs/opt-out-keywords";

// Queues whose handler enqueues on the queue itself, wired here so that the handler and the
// queue's module do not import each other.
handleQueue(deliveryQueue, async (job) => {
  await processDeliveries(job);
});
handleQueue(dispatchQueue, (job) => dispatchMessages(job), {
  everyMs: messagesConfig().MESSAGES_SWEEP_EVERY_MS,
  run: () => sweepMessages(),
});
onInboundStored("opt-out-keywords", optOutOnKeyword);
