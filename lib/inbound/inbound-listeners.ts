import type { Channel } from "../businesses/schemas";
import type { Ctx } from "../context";
import { runtimeSlot } from "../runtime";

/** A customer message just stored (not a redelivery). */
export type StoredInbound = {
  id: string;
  from: string;
  /** The sender of the business written to: chatapp phoneNumberId or RCS agent id. */
  to: string;
  profileName: string | null;
  type: string;
  text: string | null;
  buttonPayload: string | null;
  /** Our message it replies to, when the provider said so and we know it. */
  replyToMessageId: string | null;
  receivedAt: Date;
};

/**
 * Runs inside recordInboundMessages' transaction with the messages it stored, so what a
 * listener writes (an opt-out from a STOP reply, a promotion recipient marked interacted)
 * commits with the message.
 */
export type InboundListener = (
  tx: Ctx,
  input: { businessId: string; channel: Channel; messages: StoredInbound[] },
) => Promise<void>;

declare module "../runtime" {
  interface Runtime {
    /** What runs in the transaction that stores a customer's messages, by name (lib/wiring.ts). */
    inboundListeners: Map<string, InboundListener>;
  }
}
const listeners = runtimeSlot("inboundListeners", () => new Map());

/** Registers (or replaces) the listener named `name`; wired in lib/wiring.ts. */
export function onInboundStored(name: string, listener: InboundListener): void {
  listeners.set(name, listener);
}

export async function notifyInboundStored(tx: Ctx, input: Parameters<InboundListener>[1]): Promise<void> {
  if (input.messages.length === 0) return;
  for (const listener of listeners.values()) await listener(tx, input);
}
