import { env } from "../../env";
import type { InboundListener, StoredInbound } from "../../inbound/inbound-listeners";
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
 * business's opt-out list in the same transaction as their message (source `reply`; the ledger
 * keeps a `keyword` event with their text), and a
 * promotion whose message they answer counts it as `optout` (E4), once: only a number that was
 * not opted out yet counts.
 */
export const optOutOnKeyword: InboundListener = async (tx, input) => {
  // The first keyword message of each number: its text is the ledger's wording, its id the ref.
  const first = new Map<string, StoredInbound>();
  for (const m of input.messages) {
    const phone = m.from.replace(/^\+/, "");
    if (isOptOutText(m.text) && !first.has(phone)) first.set(phone, m);
  }
  const phones = [...first.keys()];
  const added = new Set(
    await addOptOuts(tx, {
      businessId: input.businessId,
      phones,
      source: "reply",
      sourceRef: (phone) => first.get(phone)?.id ?? null,
      wording: (phone) => first.get(phone)?.text ?? null,
    }),
  );
  const replies = input.messages.filter((m) => added.has(m.from.replace(/^\+/, "")) && isOptOutText(m.text));
  await countReplyOptOuts(tx, input.businessId, replies);
};
