import { log } from "../log";
import type { JobInfo } from "./queue-types";

/**
 * Rows born leased to a job (`leased`, e.g. DispatchJob) belong to it on its first run only: a
 * run after a failure may follow a send already made, so it claims like any other job.
 */
export function leasedOnFirstRun<T extends { leased?: boolean }>(data: T, job: JobInfo): T {
  return data.leased && job.retryCount > 0 ? { ...data, leased: false } : data;
}

/**
 * The rows of a job over `ids`: on a `leased` job, those `own` returns (rows born leased to it,
 * taken without a write), then `claim` for the rest (a write per row, with a lease).
 */
export async function ownThenClaim<R extends { id: string }>(
  job: { ids: string[]; leased?: boolean },
  own: (ids: string[]) => Promise<R[]>,
  claim: (ids: string[]) => Promise<R[]>,
): Promise<R[]> {
  const owned = job.leased ? await own(job.ids) : [];
  if (owned.length === job.ids.length) return owned;
  const mine = new Set(owned.map((r) => r.id));
  return [...owned, ...(await claim(job.ids.filter((id) => !mine.has(id))))];
}

/**
 * Runs `work` while calling `renew` every quarter of `leaseSeconds`: a job keeps the rows it
 * leased for as long as it works on them, however long its sending takes (the sweepers hand
 * rows whose lease ran out to another job, which would send them too). A failed renewal is
 * logged; the next one tries again.
 */
export async function keepingLease<T>(
  leaseSeconds: number,
  renew: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(
    () => void renew().catch((err: unknown) => log.error({ err }, "could not renew a lease")),
    (leaseSeconds * 1000) / 4,
  );
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
