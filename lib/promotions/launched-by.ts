import type { Ctx } from "../context";

/**
 * Who launches a promotion or RCS campaign, as the promotions row records it: the dashboard
 * user (`created_by`) or the API key (`created_by_api_key`); neither for the system.
 */
export function launchedBy(ctx: Ctx): { createdBy: string | null; createdByApiKey: string | null } {
  return {
    createdBy: ctx.actor.type === "user" ? ctx.actor.id : null,
    createdByApiKey: ctx.actor.type === "api_key" ? ctx.actor.id : null,
  };
}
