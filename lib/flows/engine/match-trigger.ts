import type { FlowDefinition } from "../definition";
import { normalise } from "./answers";

export type PublishedFlow = { id: string; name: string; version: number; definition: FlowDefinition };

type Trigger = FlowDefinition["triggers"][number];

// A keyword trigger's words as compared (normalise), by trigger: a published version's
// definition is one object for every batch (published-flows.ts), so once per version.
const keywords = new WeakMap<Trigger, string[]>();
const keywordsOf = (t: Extract<Trigger, { type: "keyword" }>): string[] => {
  let words = keywords.get(t);
  if (!words) keywords.set(t, (words = t.words.map(normalise)));
  return words;
};

/**
 * The flow a message starts, by precedence: the flow of the campaign the message answers (one
 * with a campaign trigger), then a tap whose payload a button trigger names, then a keyword
 * (exact before contains, then the flows' age), then away while the business is closed, then a welcome for a customer's first
 * message, then a fallback (docs/flows.md, "Precedence"). Keywords are compared
 * case- and accent-insensitively, as the whole message (exact) or as a word in it (contains);
 * a button's payload counts as its text. A trigger with `channels` or `senders` takes messages
 * on those only.
 */
export function matchFlow(
  flows: PublishedFlow[],
  m: {
    text: string | null;
    buttonPayload: string | null;
    isNew: boolean;
    closed?: boolean;
    campaignFlowId?: string | null;
    /** Where the message came: a trigger naming channels or senders listens there only. */
    channel: "chatapp" | "rcs";
    sender: string;
  },
): PublishedFlow | undefined {
  const listens = (t: Trigger) => {
    const where = t as { channels?: string[]; senders?: string[] };
    return (
      (!where.channels?.length || where.channels.includes(m.channel)) &&
      (!where.senders?.length || where.senders.includes(m.sender))
    );
  };
  const texts = [m.text, m.buttonPayload].flatMap((t) => (t ? [normalise(t)] : []));
  const words = new Set(texts.flatMap((t) => t.split(" ")));
  const phrase = (t: string, k: string) => ` ${t} `.includes(` ${k} `);
  const by = (pick: (t: Trigger) => boolean) =>
    flows.find((f) => f.definition.triggers.some((t) => listens(t) && pick(t)));
  const payload = m.buttonPayload?.trim();
  return (
    (m.campaignFlowId
      ? flows.find(
          (f) =>
            f.id === m.campaignFlowId &&
            f.definition.triggers.some((t) => t.type === "campaign" && listens(t)),
        )
      : undefined) ??
    (payload ? by((t) => t.type === "button" && t.payloads.some((p) => p === payload)) : undefined) ??
    by((t) => t.type === "keyword" && t.match === "exact" && keywordsOf(t).some((k) => texts.includes(k))) ??
    by(
      (t) =>
        t.type === "keyword" &&
        t.match === "contains" &&
        keywordsOf(t).some((k) => (k.includes(" ") ? texts.some((x) => phrase(x, k)) : words.has(k))),
    ) ??
    (m.closed ? by((t) => t.type === "away") : undefined) ??
    (m.isNew ? by((t) => t.type === "welcome") : undefined) ??
    by((t) => t.type === "fallback")
  );
}
