import { z } from "zod";
import type { QueueOptions } from "./queue-types";

/**
 * The job's data as its queue's payload says, or an error naming the queue, its version and
 * what does not match (a programming error when enqueuing; a job of another version when run).
 */
export function checkPayload<T>(options: QueueOptions, data: unknown): T {
  const r = options.payload.safeParse(data);
  if (!r.success)
    throw new Error(
      `a job of ${options.name} (payload v${options.version}) does not match: ${z.prettifyError(r.error)}`,
    );
  return r.data as T;
}
