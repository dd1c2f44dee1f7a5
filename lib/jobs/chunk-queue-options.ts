import type { QueueOptions } from "./queue-types";

/**
 * How the queues whose jobs each carry a chunk of one business's rows (messages.dispatch,
 * callbacks.deliver) fetch and retry: 8 chunks fetched and run at once, and a failed chunk
 * run again up to 10 times, from 5 s with backoff. The rows' leases keep a retried chunk from
 * sending a row twice.
 */
export const chunkQueueOptions = {
  batchSize: 8,
  concurrency: 8,
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
} satisfies Partial<QueueOptions>;
