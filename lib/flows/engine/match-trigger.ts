import type { FlowDefinition } from "../definition";
import { normalise } from "./answers";

export type PublishedFlow = { id: string; name: string; version: number; definition: FlowDefinition };

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
  type Trigger = FlowDefinition["triggers"][number];
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
    by(
      (t) => t.type === "keyword" && t.match === "exact" && t.words.some((w) => texts.includes(normalise(w))),
    ) ??
    by(
      (t) =>
        t.type === "keyword" &&
        t.match === "contains" &&
        t.words.some((w) => {
          const k = normalise(w);
          return k.includes(" ") ? texts.some((x) => phrase(x, k)) : words.has(k);
        }),
    ) ??
    (m.closed ? by((t) => t.type === "away") : undefined) ??
    (m.isNew ? by((t) => t.type === "welcome") : undefined) ??
    by((t) => t.type === "fallback")
  );
}
