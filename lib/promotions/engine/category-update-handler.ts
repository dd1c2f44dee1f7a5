import type { MetaChangeHandler } from "../../channels/whatsapp-cloud/webhook";
import { systemCtx } from "../../context";
import { stopOnCategoryUpdate } from "./stop-on-category-update";

/**
 * Meta's `template_category_update`: { message_template_id, previous_category, new_category }
 * (older payloads: `correct_category`). Listed in lib/api/webhooks/meta-fields.ts.
 */
export const handleMetaCategoryUpdate: MetaChangeHandler = async (change, _entry, scope) => {
  const v = change.value;
  const ref = v.message_template_id;
  const next = typeof v.new_category === "string" ? v.new_category : v.correct_category;
  if ((typeof ref !== "string" && typeof ref !== "number") || typeof next !== "string") return;
  await stopOnCategoryUpdate(systemCtx("meta-webhook"), {
    provider: "whatsapp-cloud",
    providerRef: String(ref),
    newCategory: next,
    previousCategory: typeof v.previous_category === "string" ? v.previous_category : null,
    businessId: scope.businessId,
  });
};
