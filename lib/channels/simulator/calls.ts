import type { CallOutcome, CallProvider } from "../call-provider";
import { env } from "../../env";

/**
 * The simulator's calls, deterministic by the customer's number (docs/simulator.md, "Calls"):
 * last digit 0 -> not answered, 9 -> busy, anything else -> answered and talked for
 * 10 + (last two digits) seconds. The agent (first leg) always answers. Times follow the
 * simulator's own clock: the call starts when it is placed and lasts what the number says,
 * however fast the progress jobs run.
 */
export const RING_SECONDS = 5;

export function simulatedOutcome(customerNumber: string, placedAt: Date, recordingUrl: string): CallOutcome {
  const digits = customerNumber.replace(/\D/g, "");
  const last = Number(digits.at(-1) ?? "1");
  const lastTwo = Number(digits.slice(-2) || "1");
  const end = (secs: number) => new Date(placedAt.getTime() + secs * 1000);
  if (last === 0) {
    return {
      status: "no-answer",
      conversationDuration: 0,
      legs: [
        { OnCallDuration: 30, Status: "Disconnected" },
        { OnCallDuration: 0, Status: "no-answer" },
      ],
      recordingUrl: null,
      startedAt: placedAt,
      endedAt: end(30),
    };
  }
  if (last === 9) {
    return {
      status: "busy",
      conversationDuration: 0,
      legs: [
        { OnCallDuration: 3, Status: "Disconnected" },
        { OnCallDuration: 0, Status: "busy" },
      ],
      recordingUrl: null,
      startedAt: placedAt,
      endedAt: end(3),
    };
  }
  const talk = 10 + lastTwo;
  return {
    status: "completed",
    conversationDuration: talk,
    legs: [
      { OnCallDuration: RING_SECONDS + talk, Status: "Disconnected" },
      { OnCallDuration: talk, Status: "Disconnected" },
    ],
    recordingUrl,
    startedAt: placedAt,
    endedAt: end(RING_SECONDS + talk),
  };
}

/** Accepts every call at once; the progress jobs (lib/calls/simulate-call-job.ts) do the rest. */
export const simulatorCalls: CallProvider = {
  name: "simulator",
  async startCall(req) {
    return { providerCallSid: `SIM${req.callId.replace(/-/g, "")}` };
  },
};

/** Progress delays of simulated calls, in ms (0 in tests): ringing and answering, then talk. */
export function simulatorCallDelays(): { stepMs: number; talkMs: number } {
  const cfg = env();
  return { stepMs: cfg.CALL_SIMULATOR_STEP_MS, talkMs: cfg.CALL_SIMULATOR_TALK_MS };
}
