import type { ProviderInboundMessage } from "../lib/channels/inbound-message";
import { uuidv7 } from "../lib/ids";

/** A customer's text as a provider webhook hands it over (a fresh provider id unless given). */
export function customerText(
  from: string,
  to: string,
  opts: { text?: string; at?: Date; ref?: string } = {},
): ProviderInboundMessage {
  const ref = opts.ref ?? `test.${uuidv7()}`;
  return {
    providerMessageId: ref,
    from,
    to,
    type: "text",
    text: opts.text ?? "hello",
    buttonPayload: null,
    replyToProviderMessageId: null,
    profileName: null,
    media: null,
    receivedAt: opts.at ?? new Date(),
    raw: { id: ref },
  };
}
