import { z } from "zod";
import type { ProviderStatusEvent } from "../../channels/message-provider";
import { systemCtx } from "../../context";
import type { Executor } from "../../db/pool";
import { declareQueue } from "../../jobs/declare-queue";
import type { StatusEventSource } from "../../channels/status-sink";
import { applyStatusEvents, type StatusEventInput } from "./apply-status-events";

export const StatusEventsJob = z.object({
  provider: z.string().min(1),
  businessId: z.uuid().optional(),
  events: z.array(
    z.object({
      messageId: z.string().optional(),
      providerMessageId: z.string().optional(),
      status: z.enum(["sent", "delivered", "read", "failed"]) satisfies z.ZodType<
        ProviderStatusEvent["status"]
      >,
      /** An ISO string in the job's JSON. */
      at: z.union([z.string(), z.date()]),
      errorCode: z.string().optional(),
      reason: z.string().optional(),
      details: z.string().optional(),
      pricing: z.object({ billable: z.boolean(), category: z.string().nullable() }).optional(),
    }),
  ),
});
export type StatusEventsJob = z.infer<typeof StatusEventsJob>;

/** Provider status events turned into the input of applyStatusEvents. */
export function toStatusInputs(
  source: { provider: string; businessId?: string },
  events: StatusEventsJob["events"],
): StatusEventInput[] {
  return events.map((e) => ({
    businessId: source.businessId,
    messageId: e.messageId,
    provider: source.provider,
    providerMessageId: e.providerMessageId,
    status: e.status,
    at: new Date(e.at),
    errorCode: e.errorCode,
    reason: e.reason,
    details: e.details,
    pricing: e.pricing,
    source: source.provider,
  }));
}

/**
 * Status events waiting to be applied: the simulator's planned events (due after its delays)
 * and any provider events a webhook prefers to hand over asynchronously.
 */
export const statusEventsQueue = declareQueue({
  name: "messages.status-events",
  payload: StatusEventsJob,
  version: 1,
  batchSize: 8,
  concurrency: 4,
  retryLimit: 10,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 300,
});

export async function enqueueStatusEvents(
  executor: Executor,
  job: StatusEventsJob,
  startAfterSeconds = 0,
): Promise<void> {
  await statusEventsQueue.sendMany(executor, [
    { data: job, startAfterSeconds: Math.ceil(startAfterSeconds) },
  ]);
}

/** The status-events queue's handler (lib/wiring.ts). */
export async function applyStatusEventsJob(job: StatusEventsJob): Promise<void> {
  await applyStatusEvents(systemCtx("status-events"), toStatusInputs(job, job.events));
}

/**
 * The status sink of provider webhooks (lib/channels/status-sink.ts, set by lib/wiring.ts):
 * applied synchronously, so the webhook answers only once the events are stored and the
 * provider redelivers on failure.
 */
export async function applyWebhookStatusEvents(
  source: StatusEventSource,
  events: StatusEventsJob["events"],
): Promise<void> {
  await applyStatusEvents(systemCtx(`webhook:${source.provider}`), toStatusInputs(source, events));
}
