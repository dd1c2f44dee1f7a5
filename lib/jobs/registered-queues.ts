import { runtimeSlot } from "../runtime";
import type {
  AnyDefinition,
  JobHandler,
  QueueDefinition,
  QueueHandle,
  QueueMaintenance,
} from "./queue-types";

declare module "../runtime" {
  interface Runtime {
    /** The job queues declared in this process (declareQueue), by name. */
    queues: Map<string, AnyDefinition>;
  }
}
const definitions = runtimeSlot("queues", () => new Map());

/** Gives a declared queue its handler (and housekeeping): its jobs are worked from now on. */
export function registerQueue<T extends object>(
  queue: QueueHandle<T>,
  handler: JobHandler<T>,
  maintenance?: QueueMaintenance,
): void {
  const def: QueueDefinition<T> = { ...queue.options, handler, maintenance };
  definitions.set(queue.name, def as unknown as AnyDefinition);
}

/** Every queue given its handler in this process, in the order they were registered. */
export function queueDefinitions(): AnyDefinition[] {
  return [...definitions.values()];
}
