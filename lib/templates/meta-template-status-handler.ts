import type { MetaChangeHandler } from "../channels/whatsapp-cloud/webhook";
import { systemCtx } from "../context";
import { applyProviderTemplateStatus } from "./apply-provider-status";

/**
 * Meta's `message_template_status_update`: { event, message_template_id, reason, ... }. On a
 * per-business webhook URL only that business's templates are looked at. Listed in
 * lib/api/webhooks/meta-fields.ts.
 */
export const handleMetaTemplateStatus: MetaChangeHandler = async (change, _entry, scope) => {
  const v = change.value;
  const ref = v.message_template_id;
  if ((typeof ref !== "string" && typeof ref !== "number") || typeof v.event !== "string") return;
  await applyProviderTemplateStatus(systemCtx("meta-webhook"), {
    provider: "whatsapp-cloud",
    providerRef: String(ref),
    event: v.event,
    reason: typeof v.reason === "string" ? v.reason : null,
    businessId: scope.businessId,
  });
};
