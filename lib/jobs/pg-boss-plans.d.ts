// pg-boss ships no types for its SQL plans; lib/jobs/declare-queue.ts embeds one of them.
declare module "pg-boss/src/plans.js" {
  /** The multi-job INSERT behind boss.insert(): $1 the jobs as JSON, $2-$6 the defaults. */
  export function insertJobs(schema: string): string;
  const plans: { insertJobs: typeof insertJobs };
  export default plans;
}
