import { z } from "zod";
import { typedPhone } from "../phone/typed-phone";
import { callProviders, type callStatuses } from "@/db/schema";
import { isSealed } from "../channels/channel-secrets";

/**
 * G9 query: the number to call, with its country code (with or without "+") or national: the
 * business's default country, else the registered number's country (start-call.ts).
 */
export const startCallInput = z.object({
  callTo: z.string({ error: "Required" }).trim().min(1, "Required").max(32, "At most 32 characters"),
});
export type StartCallInput = z.input<typeof startCallInput>;

/** A credential as entered (at most 256 characters), or the stored sealed value kept as is. */
const credential = z
  .string()
  .trim()
  .refine((v) => (isSealed(v) ? v.length <= 4096 : v.length <= 256), "At most 256 characters");

export const setCallingSettingsInput = z.object({
  enabled: z.boolean().default(true),
  provider: z.enum(callProviders),
  callerId: typedPhone("The registered number with its country code, e.g. +91 80 4567 8900"),
  config: z
    .object({
      accountSid: z.string().trim().max(128).optional(),
      apiKey: credential.optional(),
      apiToken: credential.optional(),
      baseUrl: z.string().trim().url().optional(),
      timeOffset: z
        .string()
        .regex(/^[+-]\d{2}:\d{2}$/)
        .optional(),
    })
    .default({}),
});
export type SetCallingSettingsInput = z.input<typeof setCallingSettingsInput>;

const blankOr = (s: z.ZodString) => z.union([z.literal(""), s]);

/**
 * The operator console's calling form: the settings flattened. A blank credential keeps the
 * stored one (the console never sends secrets back to the browser).
 */
export const callingSettingsForm = z.object({
  businessId: z.string().uuid(),
  enabled: z.boolean(),
  provider: z.enum(callProviders),
  callerId: setCallingSettingsInput.shape.callerId,
  accountSid: blankOr(z.string().trim().max(128)),
  apiKey: blankOr(z.string().trim().max(256)),
  apiToken: blankOr(z.string().trim().max(256)),
  baseUrl: blankOr(z.string().trim().url("Must be a URL, e.g. https://api.exotel.com")),
});
export type CallingSettingsForm = z.input<typeof callingSettingsForm>;

/** What the console shows of a business's calling settings: no secrets, only whether they are set. */
export type CallingSettingsView = {
  enabled: boolean;
  provider: (typeof callProviders)[number];
  callerId: string;
  /** false: nothing stored yet, the defaults apply (simulator, derived number). */
  stored: boolean;
  accountSid: string;
  baseUrl: string;
  apiKeySet: boolean;
  apiTokenSet: boolean;
};

export type CallStatus = (typeof callStatuses)[number];
export const terminalCallStatuses: readonly CallStatus[] = ["completed", "no-answer", "busy", "failed"];

/** A call as the API and dashboard show it. */
export type CallView = {
  callSid: string;
  providerCallSid: string | null;
  userId: string;
  provider: string;
  from: string;
  to: string;
  callerId: string;
  status: CallStatus;
  direction: string;
  recordingUrl: string | null;
  conversationDuration: number;
  legs: { OnCallDuration: number; Status: string }[];
  startedAt: number | null;
  endedAt: number | null;
  createdAt: number;
};
