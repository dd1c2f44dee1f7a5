import type { Ctx } from "../../context";
import type { MessageStatus } from "../schemas";

/** A message whose status moved, as applyStatusEvents committed it. */
export type MovedMessage = {
  businessId: string;
  messageId: string;
  transactionId: string;
  status: MessageStatus;
  errorCode: string | null;
  reason: string | null;
  at: Date;
};

/**
 * Runs inside applyStatusEvents' transaction with every message it moved, so what a listener
 * writes (e.g. a promotion's recipient states and counters) commits with the status itself.
 */
export type StatusListener = (tx: Ctx, moved: MovedMessage[]) => Promise<void>;

// On globalThis: Next.js and the Hono app may load this module twice in one process.
const g = globalThis as unknown as { __sbStatusListeners?: Map<string, StatusListener> };
const listeners = (g.__sbStatusListeners ??= new Map());

/** Registers (or replaces) the listener named `name`; wired in lib/wiring.ts. */
export function onStatusMoved(name: string, listener: StatusListener): void {
  listeners.set(name, listener);
}

export async function notifyStatusMoved(tx: Ctx, moved: MovedMessage[]): Promise<void> {
  if (moved.length === 0) return;
  for (const listener of listeners.values()) await listener(tx, moved);
}
