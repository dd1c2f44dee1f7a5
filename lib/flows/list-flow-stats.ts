import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

export type FlowStats = { runs: number; completed: number; handedOver: number };

/** Per flow, its runs started in the last 7 days and how many of them completed or were handed over (test runs left out). */
export async function listFlowStats(ctx: Ctx, businessId: string): Promise<Map<string, FlowStats>> {
  const rows = await rawQuery<{ flow_id: string; runs: number; completed: number; handed_over: number }>(
    ctx.db,
    `SELECT flow_id, count(*)::int AS runs,
       count(*) FILTER (WHERE state = 'completed')::int AS completed,
       count(*) FILTER (WHERE state = 'handed_over')::int AS handed_over
     FROM flow_runs WHERE business_id = $1 AND NOT test AND created_at > now() - interval '7 days'
     GROUP BY flow_id`,
    [businessId],
  );
  return new Map(
    rows.map((r) => [r.flow_id, { runs: r.runs, completed: r.completed, handedOver: r.handed_over }]),
  );
}
