import { env } from "../env";

/**
 * Seconds to wait before each attempt of a delivery cycle: index 0 is the first attempt
 * (immediately), then the retries. Default (docs/architecture.md rule 9, as Standard Webhooks/Svix):
 * immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts, then `failed`.
 * CALLBACK_RETRY_SCHEDULE overrides it (tests use e.g. `0,1,1`).
 */
export function retrySchedule(): number[] {
  return env().CALLBACK_RETRY_SCHEDULE;
}

/** After the attempt at position `step` failed: seconds until the next one, or null when none is left. */
export function nextRetryDelay(step: number, schedule: number[] = retrySchedule()): number | null {
  const next = step + 1;
  return next < schedule.length ? schedule[next]! : null;
}
