import { runtime } from "../runtime";

/**
 * What this process's /api/ready expects of the job workers: set by lib/server/start.ts where
 * the instance runs them (ROLE=all), unset elsewhere (ROLE=web/api, the test harness).
 */
export type ExpectedWorkers = { instanceId: string; expected: number };

declare module "../runtime" {
  interface Runtime {
    /** What /api/ready expects of this instance's job workers (unset: it runs none). */
    expectedWorkers: ExpectedWorkers | undefined;
  }
}

export function expectWorkers(value: ExpectedWorkers | undefined): void {
  runtime().expectedWorkers = value;
}

export const expectedWorkers = (): ExpectedWorkers | undefined => runtime().expectedWorkers;
