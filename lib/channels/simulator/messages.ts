import { env } from "@/lib/env";
import type {
  MessageProvider,
  OutboundMessage,
  ProviderStatusEvent,
  RcsCapabilityProvider,
  SendResult,
} from "../message-provider";

/**
 * What happens to a message, decided by the last four digits of the recipient so tests and
 * demos know in advance (docs/simulator.md, "Messages").
 */
export type SimulatorOutcome =
  | "read"
  | "delivered_only"
  | "sent_only"
  | "fail_131047"
  | "fail_131026"
  | "throttle_once"
  | "transient_once"
  | "not_rcs";

export function simulatorOutcome(recipient: string): SimulatorOutcome {
  const tail = recipient.slice(-4);
  switch (tail) {
    case "0047":
      return "fail_131047";
    case "0026":
      return "fail_131026";
    case "0429":
      return "throttle_once";
    case "0500":
      return "transient_once";
    case "0404":
      return "not_rcs";
    case "0002":
      return "delivered_only";
    case "0003":
      return "sent_only";
    default:
      return "read";
  }
}

/** Meta's wording for the failures the simulator produces (errorCode, reason, details). */
export const SIMULATED_FAILURES = {
  fail_131047: {
    errorCode: "131047",
    reason: "Re-engagement message",
    details: "More than 24 hours have passed since the recipient last replied to the sender number.",
  },
  fail_131026: {
    errorCode: "131026",
    reason: "Message undeliverable",
    details: "The recipient's number is not on the channel or cannot receive this message.",
  },
} as const;

export const simulatorProviderId = (messageId: string) => `sim.${messageId}`;

function sendOne(m: OutboundMessage): SendResult {
  const outcome = simulatorOutcome(m.to);
  const first = (m.attempt ?? 0) === 0;
  if (outcome === "throttle_once" && first) {
    return {
      ok: false,
      throttled: true,
      retryAfterMs: 1000,
      errorCode: "130429",
      reason: "Rate limit hit",
      details: "Cloud API message throughput has been reached (simulated once per message).",
    };
  }
  if (outcome === "transient_once" && first) {
    return {
      ok: false,
      retryable: true,
      retryAfterMs: 1000,
      errorCode: "131000",
      reason: "Something went wrong (simulated once)",
    };
  }
  if (outcome === "not_rcs" && m.channel === "rcs") {
    return {
      ok: false,
      errorCode: "404",
      reason: "Recipient is not RCS-capable",
      details: "NOT_FOUND: the phone number cannot receive RCS messages from this agent.",
    };
  }
  return { ok: true, providerMessageId: simulatorProviderId(m.messageId) };
}

/**
 * Status events that follow acceptance, by outcome, with the configured delays
 * (SIMULATOR_MESSAGE_DELAYS: sent, delivered, read, in seconds after acceptance).
 */
export function simulatorEventsFor(
  m: { messageId: string; to: string },
  acceptedAt: number,
): Array<{ afterSeconds: number; event: ProviderStatusEvent }> {
  const [sent, delivered, read] = env().SIMULATOR_MESSAGE_DELAYS;
  const outcome = simulatorOutcome(m.to);
  const ev = (afterSeconds: number, e: Omit<ProviderStatusEvent, "at" | "messageId">) => ({
    afterSeconds,
    event: { messageId: m.messageId, at: new Date(acceptedAt + afterSeconds * 1000), ...e },
  });
  if (outcome === "fail_131047" || outcome === "fail_131026") {
    const f = SIMULATED_FAILURES[outcome];
    return [ev(sent, { status: "failed", errorCode: f.errorCode, reason: f.reason, details: f.details })];
  }
  const out = [ev(sent, { status: "sent" })];
  if (outcome === "sent_only") return out;
  out.push(ev(Math.max(sent, delivered), { status: "delivered" }));
  if (outcome === "delivered_only") return out;
  out.push(ev(Math.max(sent, delivered, read), { status: "read" }));
  return out;
}

/** The simulator as a message provider: no network, outcomes by recipient number. */
export const simulatorMessages: MessageProvider = {
  name: "simulator",
  idempotentSends: true,
  async send(message) {
    return sendOne(message);
  },
  async sendMany(messages) {
    return messages.map(sendOne);
  },
  plannedEvents(accepted) {
    const now = Date.now();
    const byDelay = new Map<number, ProviderStatusEvent[]>();
    for (const { message } of accepted) {
      for (const { afterSeconds, event } of simulatorEventsFor(
        { messageId: message.messageId, to: message.to },
        now,
      )) {
        const list = byDelay.get(afterSeconds);
        if (list) list.push(event);
        else byDelay.set(afterSeconds, [event]);
      }
    }
    return [...byDelay]
      .sort((a, b) => a[0] - b[0])
      .map(([afterSeconds, events]) => ({ afterSeconds, events }));
  },
};

/** A3 on the simulator: numbers ending in 0404 are not RCS-capable, all others are. */
export const simulatorRcsCapability: RcsCapabilityProvider = {
  name: "simulator",
  async isRcsCapable(phone) {
    return simulatorOutcome(phone) !== "not_rcs";
  },
  async capableAmong(phones) {
    return phones.filter((p) => simulatorOutcome(p) !== "not_rcs");
  },
};
