import client from "prom-client";
import { env } from "../env";
import { runtimeSlot } from "../runtime";

/**
 * The process's Prometheus metrics (docs/operations.md, "Metrics"). Every label here holds a
 * bounded value: a route template, a status, a channel, a provider name, an error code, a
 * queue name; never a phone number, a message id or anything per customer.
 *
 * One per process (lib/runtime.ts): the Next.js bundle loads its own copy of this module, and a
 * message sent from the dashboard must count in the same registry as one sent through the API.
 */
function build() {
  const registry = new client.Registry();
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    httpRequests: new client.Histogram({
      name: "switchboard_http_request_duration_seconds",
      help: "HTTP requests by method, route template and status, and their latency",
      labelNames: ["method", "route", "status"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    messages: new client.Counter({
      name: "switchboard_messages_total",
      help: "Messages reaching a status (accepted by the provider, sent, delivered, read, failed, error) by channel, provider and error code",
      labelNames: ["status", "channel", "provider", "error_code"] as const,
      registers: [registry],
    }),
    sendLag: new client.Histogram({
      name: "switchboard_message_accepted_to_sent_seconds",
      help: "Time from a message's acceptance by the API to its sent status",
      labelNames: ["channel", "provider"] as const,
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
      registers: [registry],
    }),
    callbackDeliveries: new client.Counter({
      name: "switchboard_callback_attempts_total",
      help: "Callback delivery attempts by outcome (delivered, retrying, failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    callbackLatency: new client.Histogram({
      name: "switchboard_callback_attempt_duration_seconds",
      help: "Latency of callback delivery attempts (request to response)",
      labelNames: ["outcome"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    senderWait: new client.Counter({
      name: "switchboard_sender_token_wait_seconds_total",
      help: "Seconds dispatch waited for a sender's tokens (its rate limit), by channel",
      labelNames: ["channel"] as const,
      registers: [registry],
    }),
    throttled: new client.Counter({
      name: "switchboard_provider_throttled_total",
      help: "Messages a provider refused for throughput (Meta 130429) and dispatch retried, by provider",
      labelNames: ["provider"] as const,
      registers: [registry],
    }),
    webhooks: new client.Counter({
      name: "switchboard_inbound_webhooks_total",
      help: "Inbound provider webhooks by provider and verification result (verified, rejected, error)",
      labelNames: ["provider", "result"] as const,
      registers: [registry],
    }),
    inboundSkipped: new client.Counter({
      name: "switchboard_inbound_skipped_total",
      help: "Inbound messages of an answered webhook that were not stored, by provider and reason (malformed, unknown_sender, unowned_sender)",
      labelNames: ["provider", "reason"] as const,
      registers: [registry],
    }),
    linkRequests: new client.Counter({
      name: "switchboard_link_requests_total",
      help: "Requests to tracked links (/l/<code>) answered 302, by agent class (human clicks, link previews, bots)",
      labelNames: ["agent_class"] as const,
      registers: [registry],
    }),
    clicksDropped: new client.Counter({
      name: "switchboard_link_clicks_dropped_total",
      help: "Tracked-link requests never written: the in-memory queue was full while the database was away",
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof build>;
declare module "../runtime" {
  interface Runtime {
    /** The process's metrics registry (every module copy counts in the same one). */
    metrics: Metrics;
  }
}

/** Whether this process collects metrics: only where METRICS_PORT serves them. */
export const metricsEnabled = (): boolean => env().METRICS_PORT !== undefined;

/** The process's metrics (made on first use). */
export const metrics = (): Metrics => runtimeSlot("metrics", build);
