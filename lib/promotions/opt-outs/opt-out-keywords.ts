import { env } from "../../env";
import type { InboundListener } from "../../inbound/inbound-listeners";
import { countReplyOptOuts } from "../engine/count-reply-opt-outs";
import { addOptOuts } from "./add-opt-outs";

/** Replies that opt the sender out, beside the configured ones (PROMOTION_OPTOUT_KEYWORDS). */
export const BUILT_IN_OPTOUT_KEYWORDS = ["STOP", "UNSUBSCRIBE"];

/** Whether a message text is an opt-out keyword: the whole text, trimmed, in any case. */
export function isOptOutText(text: string | null): boolean {
  if (!text) return false;
  const word = text.trim().toUpperCase();
  if (!word || word.length > 64) return false;
  return (
    BUILT_IN_OPTOUT_KEYWORDS.includes(word) ||
    env().PROMOTION_OPTOUT_KEYWORDS.some((k) => k.toUpperCase() === word)
  );
}

/**
 * onInboundStored listener: a customer who replies STOP (or another keyword) goes on the
 * business's opt-out list in the same transaction as their message (source `reply`), and a
 * promotion whose message they answer counts it as `optout` (E4), once: only a number that was
 * not opted out yet counts.
 */
export const optOutOnKeyword: InboundListener = async (tx, input) => {
  const phones = [
    ...new Set(input.messages.filter((m) => isOptOutText(m.text)).map((m) => m.from.replace(/^\+/, ""))),
  ];
  const added = new Set(await addOptOuts(tx, { businessId: input.businessId, phones, source: "reply" }));
  const replies = input.messages.filter((m) => added.has(m.from.replace(/^\+/, "")) && isOptOutText(m.text));
  await countReplyOptOuts(tx, input.businessId, replies);
};
