import { ownsChatappSender, metaChangeBusiness } from "../channels/find-channel-business";
import { parseMetaInbound } from "../channels/whatsapp-cloud/inbound-messages";
import type { MetaChangeHandler } from "../channels/whatsapp-cloud/webhook";
import { systemCtx } from "../context";
import { followCustomers } from "../conversations/follow-customer";
import { log } from "../log";
import { countInboundSkipped } from "../metrics/record";
import { recordInboundBatched } from "./record-inbound-batched";

/**
 * Meta's `messages` field, customer messages (`value.messages[]`): stored and raised as
 * `message.received`; listed in lib/api/webhooks/meta-fields.ts beside the status handler of the same
 * field. The business is the one the URL names, else the owner of
 * `metadata.phone_number_id`. Nothing here fails the webhook for one message (Meta would
 * redeliver the others with it): messages to a sender the business does not own (Meta's
 * dashboard test sample names one) and messages without a sender or id are left out, logged
 * and counted (`switchboard_inbound_skipped_total`). A customer's change of address (a new
 * number, or the phone of a user known by their user id) moves their conversations first, so
 * the message lands in the one they had.
 */
export const handleMetaInbound: MetaChangeHandler = async (change, _entry, scope) => {
  const { phoneNumberId, messages, changes, skipped } = parseMetaInbound(change.value);
  for (const s of skipped)
    log.warn({ phoneNumberId, ...s }, "an inbound message without what identifies it skipped");
  countInboundSkipped("whatsapp-cloud", "malformed", skipped.length);
  if (messages.length === 0 && changes.length === 0) return;
  const ctx = systemCtx("meta-webhook");
  const businessId = await metaChangeBusiness(ctx, scope, phoneNumberId);
  const count = messages.length + changes.length;
  if (!businessId) {
    log.warn({ phoneNumberId, count }, "inbound messages for an unknown sender dropped");
    countInboundSkipped("whatsapp-cloud", "unknown_sender", count);
    return;
  }
  // A per-business URL names the business, not the sender: a phone_number_id it does not own
  // (a test sample, another business's number) would open a conversation nobody can answer.
  if (scope.businessId && !(phoneNumberId && (await ownsChatappSender(ctx, businessId, phoneNumberId)))) {
    log.warn(
      { businessId, phoneNumberId, count },
      "inbound messages to a sender the business does not own dropped",
    );
    countInboundSkipped("whatsapp-cloud", "unowned_sender", count);
    return;
  }
  await followCustomers(ctx, businessId, changes);
  if (messages.length === 0) return;
  // With concurrent webhooks' messages, in one transaction (answered once committed).
  await recordInboundBatched({ businessId, channel: "chatapp", provider: "whatsapp-cloud", messages });
};
