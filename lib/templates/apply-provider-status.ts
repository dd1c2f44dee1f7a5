import { and, eq } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { Ctx } from "../context";
import { log } from "../log";
import { setTemplateStatus } from "./set-template-status";

/**
 * Applies a provider's status event (Meta's message_template_status_update) to the template
 * it names. APPROVED/REJECTED are final review outcomes; Meta may later disable an approved
 * template (-> REJECTED with the reason) or reinstate it (-> APPROVED). Other events (PENDING,
 * FLAGGED, PAUSED, ...) change nothing. Unknown templates and repeats are ignored.
 */
export async function applyProviderTemplateStatus(
  ctx: Ctx,
  input: {
    provider: string;
    providerRef: string;
    event: string;
    reason?: string | null;
    name?: string;
    /** Set when the webhook URL names the business: another business's template is unknown. */
    businessId?: string;
  },
): Promise<"applied" | "ignored" | "unknown_template"> {
  const [t] = await ctx.db
    .select({ id: templates.id, businessId: templates.businessId })
    .from(templates)
    .where(
      and(
        eq(templates.provider, input.provider),
        eq(templates.providerRef, input.providerRef),
        input.businessId ? eq(templates.businessId, input.businessId) : undefined,
      ),
    );
  if (!t) {
    log.warn(
      { provider: input.provider, providerRef: input.providerRef },
      "status event for an unknown template",
    );
    return "unknown_template";
  }
  const reason = input.reason && input.reason !== "NONE" ? input.reason : null;
  const target =
    input.event === "APPROVED" || input.event === "REINSTATED"
      ? ({ to: "APPROVED", from: ["PENDING", "REJECTED"] } as const)
      : input.event === "REJECTED"
        ? ({ to: "REJECTED", from: ["PENDING", "APPROVED"], reason: reason ?? "Rejected by Meta" } as const)
        : input.event === "DISABLED"
          ? ({
              to: "REJECTED",
              from: ["APPROVED", "PENDING"],
              reason: `Disabled by Meta${reason ? `: ${reason}` : ""}`,
            } as const)
          : undefined;
  if (!target) return "ignored";
  const actorCtx: Ctx = { ...ctx, actor: { type: "system", id: `provider:${input.provider}` } };
  const { changed } = await setTemplateStatus(actorCtx, {
    businessId: t.businessId,
    templateId: t.id,
    to: target.to,
    from: [...target.from],
    reason: "reason" in target ? target.reason : `Meta: ${input.event}`,
    action: "template.provider_status",
  });
  return changed ? "applied" : "ignored";
}
