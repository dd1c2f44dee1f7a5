import type { MetaChangeHandler } from "@/lib/channels/whatsapp-cloud/webhook";
import { handleMetaStatuses } from "@/lib/channels/whatsapp-cloud/message-status-handler";
import { handleMetaInbound } from "@/lib/inbound/meta-inbound-handler";
import { handleMetaCategoryUpdate } from "@/lib/promotions/engine/category-update-handler";
import { handleMetaTemplateStatus } from "@/lib/templates/meta-template-status-handler";

/**
 * Every Meta webhook field Switchboard handles and the domain handlers of each, in the order
 * they run. Meta delivers every WhatsApp Business Account field to one callback URL
 * (handleMetaEvents), so this table is where a field's handling is found: a plain import,
 * followed from the webhook by "go to definition". A field not listed is acknowledged and
 * ignored. Statuses and customer messages both arrive in `messages`.
 */
export const metaFieldHandlers: ReadonlyMap<string, readonly MetaChangeHandler[]> = new Map([
  ["messages", [handleMetaStatuses, handleMetaInbound]],
  ["message_template_status_update", [handleMetaTemplateStatus]],
  ["template_category_update", [handleMetaCategoryUpdate]],
]);
