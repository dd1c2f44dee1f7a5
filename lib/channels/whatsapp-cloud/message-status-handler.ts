import { systemCtx } from "../../context";
import { metaChangeBusiness } from "../find-channel-business";
import { emitStatusEvents } from "../status-sink";
import { parseMetaStatuses } from "./message-statuses";
import type { MetaChangeHandler } from "./webhook";

/**
 * Meta's `messages` field: delivery statuses of what we sent; listed in lib/api/webhooks/meta-fields.ts
 * beside the inbound messages handler of the same field.
 * On a per-business URL the events are that business's: a status naming a message of another
 * business is ignored (the status sink only applies events to messages of `businessId`).
 */
export const handleMetaStatuses: MetaChangeHandler = async (change, _entry, scope) => {
  const { phoneNumberId, events } = parseMetaStatuses(change.value);
  if (events.length === 0) return;
  const ctx = systemCtx("meta-webhook");
  const businessId = await metaChangeBusiness(ctx, scope, phoneNumberId);
  await emitStatusEvents({ provider: "whatsapp-cloud", businessId }, events);
};
