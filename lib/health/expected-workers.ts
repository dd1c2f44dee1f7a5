/**
 * What this process's /api/ready expects of the job workers: set by lib/server/start.ts where
 * the instance runs them (ROLE=all), unset elsewhere (ROLE=web/api, the test harness). On
 * globalThis: Next.js may load its own copy of this module.
 */
export type ExpectedWorkers = { instanceId: string; expected: number };

const g = globalThis as unknown as { __sbExpectedWorkers?: ExpectedWorkers };

export function expectWorkers(value: ExpectedWorkers | undefined): void {
  g.__sbExpectedWorkers = value;
}

export const expectedWorkers = (): ExpectedWorkers | undefined => g.__sbExpectedWorkers;
