import { metaChangeBusiness } from "../channels/find-channel-business";
import { parseMetaInbound } from "../channels/whatsapp-cloud/inbound-messages";
import type { MetaChangeHandler } from "../channels/whatsapp-cloud/webhook";
import { systemCtx } from "../context";
import { log } from "../log";
import { recordInboundBatched } from "./record-inbound-batched";

/**
 * Meta's `messages` field, customer messages (`value.messages[]`): stored and raised as
 * `message.received`; registered by lib/wiring.ts beside the status handler of the same
 * field. The business is the one the URL names, else the owner of
 * `metadata.phone_number_id`; messages to a sender no business owns are dropped (logged).
 */
export const handleMetaInbound: MetaChangeHandler = async (change, _entry, scope) => {
  const { phoneNumberId, messages } = parseMetaInbound(change.value);
  if (messages.length === 0) return;
  const ctx = systemCtx("meta-webhook");
  const businessId = await metaChangeBusiness(ctx, scope, phoneNumberId);
  if (!businessId) {
    log.warn({ phoneNumberId, count: messages.length }, "inbound messages for an unknown sender dropped");
    return;
  }
  // With concurrent webhooks' messages, in one transaction (answered once committed).
  await recordInboundBatched({ businessId, channel: "chatapp", provider: "whatsapp-cloud", messages });
};
