/**
 * Server settings for the end-to-end runs (bulk.ts, scale.ts): templates approved at once,
 * statuses with no simulated delay, the sender limit at Meta's top tier (1,000/s), callbacks
 * allowed to a loopback receiver, job queues polled every 100 ms.
 */
export const FAST_PIPELINE_ENV = {
  SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0",
  SIMULATOR_MESSAGE_DELAYS: "0,0,0",
  MESSAGES_SENDER_RATE: "1000",
  ALLOW_PRIVATE_CALLBACK_URLS: "true",
  JOBS_POLL_INTERVAL_MS: "100",
} as const;
