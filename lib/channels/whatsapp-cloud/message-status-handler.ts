import { systemCtx } from "../../context";
import { metaChangeBusiness } from "../find-channel-business";
import { emitStatusEvents } from "../status-sink";
import { parseMetaStatuses } from "./message-statuses";
import { onMetaWebhookField } from "./webhook";

/**
 * Meta's `messages` field: delivery statuses of what we sent. Imported for its side effect by
 * the webhook route (lib/api/webhooks/whatsapp.ts), beside the template status handler.
 * On a per-business URL the events are that business's: a status naming a message of another
 * business is ignored (the status sink only applies events to messages of `businessId`).
 */
onMetaWebhookField("messages", "statuses", async (change, _entry, scope) => {
  const { phoneNumberId, events } = parseMetaStatuses(change.value);
  if (events.length === 0) return;
  const ctx = systemCtx("meta-webhook");
  const businessId = await metaChangeBusiness(ctx, scope, phoneNumberId);
  await emitStatusEvents({ provider: "whatsapp-cloud", businessId }, events);
});
