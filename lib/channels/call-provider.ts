/**
 * The "start call" capability (docs/architecture.md "Channels"). Providers: `simulator`
 * (lib/channels/simulator/calls.ts) and `exotel` (lib/channels/exotel/calls.ts).
 */

export type StartCallRequest = {
  callId: string;
  /** The agent's number, dialled first (E.164 digits). */
  agentNumber: string;
  /** The customer's number (E.164 digits). */
  customerNumber: string;
  /** The business's registered number shown to the customer. */
  callerId: string;
  /** Where the provider reports the end of the call. */
  statusCallbackUrl: string;
  /** calling_settings.config of the business. */
  config: Record<string, unknown>;
};

export type StartCallResult = {
  /** The provider's id of the call (Exotel's CallSid). */
  providerCallSid: string;
};

export type CallProvider = {
  readonly name: "simulator" | "exotel";
  startCall(req: StartCallRequest): Promise<StartCallResult>;
};

/** How a call ended, as the provider reports it; becomes the call data record. */
export type CallOutcome = {
  status: "completed" | "no-answer" | "busy" | "failed";
  /** Seconds both parties were connected. */
  conversationDuration: number;
  legs: { OnCallDuration: number; Status: string }[];
  recordingUrl: string | null;
  startedAt: Date;
  endedAt: Date;
};
