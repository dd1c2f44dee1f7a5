import type { ChildProcess } from "node:child_process";
import { log } from "../log";
import { runtimeSlot } from "../runtime";
import { metrics } from "./registry";

// ROLE=all with WORKER_PROCESSES: the parent serves /metrics for its children too. At a scrape
// it asks each child over the IPC channel node opens for it, and the child answers with its
// registry as JSON; prom-client's AggregatorRegistry sums them (it does the same for `cluster`
// workers, which these are not).

type Request = { type: "sb:metrics"; id: number };
type Reply = { type: "sb:metrics"; id: number; metrics: unknown[] };

declare module "../runtime" {
  interface Runtime {
    /** ROLE=all's worker children whose metrics /metrics adds, and the last request id asked. */
    metricsChildren: { children: Set<ChildProcess>; lastId: number };
  }
}
const state = runtimeSlot("metricsChildren", () => ({ children: new Set(), lastId: 0 }));
const children = state.children;

export const addMetricsChild = (child: ChildProcess): void => void children.add(child);
export const removeMetricsChild = (child: ChildProcess): void => void children.delete(child);

/** The registries of the live children as JSON; a child that does not answer in `timeoutMs` is left out. */
export async function childrenMetrics(timeoutMs = 2_000): Promise<unknown[][]> {
  const asks = [...children].map(
    (child) =>
      new Promise<unknown[] | undefined>((resolve) => {
        if (!child.connected) return resolve(undefined);
        const id = ++state.lastId;
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          log.warn({ pid: child.pid }, "worker process did not answer the metrics request");
          resolve(undefined);
        }, timeoutMs);
        const onMessage = (m: unknown) => {
          const reply = m as Partial<Reply>;
          if (reply?.type !== "sb:metrics" || reply.id !== id) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(reply.metrics ?? []);
        };
        child.on("message", onMessage);
        child.send({ type: "sb:metrics", id } satisfies Request, (err) => {
          if (err) {
            clearTimeout(timer);
            child.off("message", onMessage);
            resolve(undefined);
          }
        });
      }),
  );
  return (await Promise.all(asks)).filter((m): m is unknown[] => m !== undefined);
}

/** In a worker process started by a parent (IPC channel open): answer its metrics requests. */
export function answerParentMetrics(): void {
  if (!process.send) return;
  process.on("message", (m: unknown) => {
    const req = m as Partial<Request>;
    const id = req?.type === "sb:metrics" ? req.id : undefined;
    if (typeof id !== "number") return;
    void metrics()
      .registry.getMetricsAsJSON()
      .then((json) => process.send?.({ type: "sb:metrics", id, metrics: json } satisfies Reply));
  });
  // The channel must not keep a draining child alive.
  process.channel?.unref();
}
