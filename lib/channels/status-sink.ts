/**
 * The hand-off from provider webhooks (whatsapp-cloud, google-rbm) to the messages domain: a
 * one-function registry, so the channel adapters don't import lib/messages. lib/wiring.ts
 * sets the messages domain's `applyWebhookStatusEvents` at start, so every process serving
 * the webhooks has it.
 *
 * `businessId` is resolved by the webhook from the sender (Meta's phone_number_id, RBM's
 * agentId) when it can; undefined means "look the messages up by providerMessageId alone".
 */
import type { ProviderStatusEvent } from "./message-provider";
import { runtime } from "../runtime";

export type StatusEventSource = {
  /** Provider that reported the events: "whatsapp-cloud", "google-rbm", "simulator". */
  provider: string;
  businessId?: string;
};

export type StatusSink = (source: StatusEventSource, events: ProviderStatusEvent[]) => Promise<void>;

declare module "../runtime" {
  interface Runtime {
    /** Where providers' status events go (lib/messages registers it; lib/wiring.ts). */
    statusSink: StatusSink | undefined;
  }
}

/** Registers the sink; returns the one it replaces (tests put it back). */
export function setStatusSink(fn: StatusSink | undefined): StatusSink | undefined {
  const r = runtime();
  const previous = r.statusSink;
  r.statusSink = fn;
  return previous;
}

/**
 * Hands events to the core. Throws when no sink is registered, so the webhook answers 500 and
 * the provider redelivers later (Meta and RBM both retry) rather than the events being lost.
 */
export async function emitStatusEvents(
  source: StatusEventSource,
  events: ProviderStatusEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const sink = runtime().statusSink;
  if (!sink) throw new Error("No status sink registered: lib/messages must call setStatusSink()");
  await sink(source, events);
}
