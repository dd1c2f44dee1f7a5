import { z } from "zod";
import { channels, phoneNumberId, rcsConfig, type Channel } from "./schemas";

const blankOr = <T extends z.ZodType>(s: T) => z.union([z.literal(""), s]);
const metaId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Letters, digits, '-' or '_', at most 64");
/** A secret as typed; blank keeps the stored one (the form never receives it). */
const secretText = (max: number) =>
  blankOr(z.string().trim().max(max, `At most ${max} characters`).regex(/^\S+$/, "No spaces"));

/** Every secret key of a channel config (chatapp: the first three; rcs: accessToken, clientToken). */
export const channelSecretKeys = ["accessToken", "appSecret", "verifyToken", "clientToken"] as const;
export type ChannelSecretKey = (typeof channelSecretKeys)[number];

/**
 * The console's channel settings form (and the admin CLI's channel:configure): provider,
 * senders, Meta ids and the write-only secrets. A blank secret keeps the stored value; `clear`
 * removes stored ones (the process-wide env variables then apply where they exist). Fields of
 * the other channel are ignored; an absent (undefined) field keeps what is stored, so the CLI
 * can change one thing at a time.
 */
export const channelSettingsForm = z.object({
  businessId: z.string().uuid(),
  channel: z.enum(channels),
  provider: z.string().trim().min(1, "Pick a provider").optional(),
  /** chatapp: the sender phoneNumberIds, separated by commas, spaces or new lines. */
  phoneNumberIds: z
    .string()
    .max(4000)
    .superRefine((v, ctx) => {
      const ids = splitIds(v);
      if (ids.length > 50) ctx.addIssue({ code: "custom", message: "At most 50 senders" });
      const bad = ids.find((id) => !phoneNumberId.safeParse(id).success);
      if (bad) ctx.addIssue({ code: "custom", message: `'${bad}': letters, digits, '-' or '_', at most 64` });
    })
    .optional(),
  /**
   * What people call each sender, one per line: `<sender id>, <name>, <number>` (chatapp) or
   * `<agent id>, <name>` (rcs); the number with its country code. A sender without a line is
   * shown by its id. Absent: the stored names stay.
   */
  senderNames: z
    .string()
    .max(10_000)
    .superRefine((v, ctx) => {
      for (const [i, line] of senderNameLines(v).entries()) {
        if (!line.ok) ctx.addIssue({ code: "custom", message: `Line ${i + 1}: ${line.reason}` });
      }
    })
    .optional(),
  /** rcs: the agent id; blank removes it. */
  agentId: blankOr(rcsConfig.shape.agentId.unwrap()).optional(),
  wabaId: blankOr(metaId).optional(),
  appId: blankOr(metaId).optional(),
  accessToken: secretText(4096).optional(),
  appSecret: secretText(256).optional(),
  verifyToken: secretText(256).optional(),
  clientToken: secretText(256).optional(),
  clear: z.array(z.enum(channelSecretKeys)).max(channelSecretKeys.length).default([]),
});
export type ChannelSettingsForm = z.input<typeof channelSettingsForm>;

type SenderNameLine =
  | { ok: true; sender: string; displayName: string | null; displayNumber: string | null }
  | { ok: false; reason: string };

/** The lines of the senderNames field (blank lines skipped); numbers as E.164 digits. */
export function senderNameLines(v: string): SenderNameLine[] {
  return v
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line): SenderNameLine => {
      const [sender = "", name = "", number = "", ...rest] = line.split(",").map((p) => p.trim());
      if (rest.length) return { ok: false, reason: "id, name, number: at most two commas" };
      if (!/^[A-Za-z0-9_.@-]{1,128}$/.test(sender))
        return { ok: false, reason: `'${sender}' is not a sender id` };
      if (name.length > 80) return { ok: false, reason: "a name of at most 80 characters" };
      const digits = number.replace(/[\s().-]/g, "");
      if (number && !/^\+\d{7,15}$/.test(digits))
        return { ok: false, reason: "the number with its country code, e.g. +91 98765 43210" };
      return { ok: true, sender, displayName: name || null, displayNumber: digits ? digits.slice(1) : null };
    });
}

export function splitIds(v: string): string[] {
  return v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What the console shows of a channel's settings: no secret, only whether each is stored, and
 * the URL to paste into Meta's app dashboard or the RBM console.
 */
export type ChannelSettingsView = {
  channel: Channel;
  enabled: boolean;
  provider: string;
  phoneNumberIds: string[];
  agentId: string;
  /** The senderNames field as stored (one line per named sender). */
  senderNames: string;
  wabaId: string;
  appId: string;
  secrets: Partial<Record<ChannelSecretKey, boolean>>;
  /** Some secret is still stored as legacy plaintext (sealed on the next save). */
  legacyPlaintext: boolean;
  webhookUrl: string;
};
