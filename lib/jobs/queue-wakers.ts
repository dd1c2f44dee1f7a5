import type { Executor } from "../db/pool";
import { afterCommit } from "../db/sql";
import { runtimeSlot } from "../runtime";
import type { SendOptions } from "./queue-types";

declare module "../runtime" {
  interface Runtime {
    /**
     * What wakes this process's fetch loop of a queue, by name: shared, so a job enqueued by the
     * dashboard's copy of this module (a server action) wakes the loop the server started.
     */
    queueWakers: Map<string, () => void>;
  }
}
const wakers = runtimeSlot("queueWakers", () => new Map());

/**
 * Wakes this process's loop of `queue` once the jobs just enqueued through `executor` commit,
 * so a job enqueued here runs at once rather than at the loop's next poll (JOBS_POLL_INTERVAL_MS
 * still paces what other processes enqueue). Jobs that start later wake nothing.
 */
export function wakeWhenCommitted(executor: Executor, queue: string, jobs: SendOptions[]): void {
  const wake = wakers.get(queue);
  if (wake && jobs.some((j) => !j.startAfterSeconds)) afterCommit(executor, wake);
}

/** The fetch loop of `queue` is woken by `wake` from now on. */
export function setQueueWaker(queue: string, wake: () => void): void {
  wakers.set(queue, wake);
}

/** The fetch loop of `queue` stops: `wake` (if still the one set) is forgotten. */
export function clearQueueWaker(queue: string, wake: () => void): void {
  if (wakers.get(queue) === wake) wakers.delete(queue);
}
