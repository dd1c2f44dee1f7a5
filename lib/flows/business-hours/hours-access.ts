import type { Ctx } from "../../context";
import { forbidden } from "../../errors";

/** Business admins (and the business's API keys) set the opening hours. */
export function mayManageHours(ctx: Ctx): void {
  if (ctx.actor.type === "api_key" || ctx.actor.type === "system") return;
  if (ctx.actor.type === "user" && ctx.actor.role === "BUSINESS_ADMIN") return;
  throw forbidden("Only a business admin sets the opening hours");
}
