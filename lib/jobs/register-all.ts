// Every domain's queue definitions, imported for their side effect (defineQueue) so that
// server.ts starts their workers and the drain route knows their handlers. One line per domain.
import "../callbacks/deliver-job";
import "../templates/review-queue";
import "../calls/simulate-call-job";
import "../messages/queues";
