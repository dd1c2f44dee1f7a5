import type { Ctx } from "../../context";
import type { MessageStatus } from "../schemas";
import { runtimeSlot } from "../../runtime";

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

declare module "../../runtime" {
  interface Runtime {
    /** What runs in the transaction that moves messages' statuses, by name (lib/wiring.ts). */
    statusListeners: Map<string, StatusListener>;
  }
}
const listeners = runtimeSlot("statusListeners", () => new Map());

/** Registers (or replaces) the listener named `name`; wired in lib/wiring.ts. */
export function onStatusMoved(name: string, listener: StatusListener): void {
  listeners.set(name, listener);
}

export async function notifyStatusMoved(tx: Ctx, moved: MovedMessage[]): Promise<void> {
  if (moved.length === 0) return;
  for (const listener of listeners.values()) await listener(tx, moved);
}
