import { z } from "zod";

export const MAX_KEY_RATE = 1_000_000;
export const MAX_KEY_BURST = 10_000_000;

/** A key's own rate: whole requests per second; 0 turns the limit off for the key. */
export const keyPerSecond = z
  .number({ error: "A whole number of requests per second" })
  .int("A whole number of requests per second")
  .min(0, "0 (no limit) or more requests per second")
  .max(MAX_KEY_RATE, "At most 1,000,000 requests per second");

/** A key's own burst: requests it may make at once after being idle. */
export const keyBurst = z
  .number({ error: "A whole number of requests" })
  .int("A whole number of requests")
  .min(1, "A burst of at least 1 request")
  .max(MAX_KEY_BURST, "A burst of at most 10,000,000 requests");

export const setApiKeyRateInput = z.object({
  businessId: z.uuid(),
  keyId: z.uuid(),
  /** null: back to API_RATE_LIMIT. */
  perSecond: keyPerSecond.nullable(),
  /** null or absent: API_RATE_BURST at the default rate, else twice the key's rate. */
  burst: keyBurst.nullable().default(null),
});
export type SetApiKeyRateInput = z.input<typeof setApiKeyRateInput>;

/** A key and the limit in force for it. */
export type ApiKeyRateView = {
  id: string;
  name: string;
  prefix: string;
  revoked: boolean;
  /** Requests per second in force; 0 = no limit. */
  perSecond: number;
  burst: number;
  /** The key's own setting; null = the server's default. */
  ownPerSecond: number | null;
  ownBurst: number | null;
};

/**
 * The admin CLI's `--per-second` / `--burst` values: a whole number, or "default". Parses to
 * setApiKeyRateInput's shape.
 */
const cliNumber = (field: z.ZodNumber) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "" || v.toLowerCase() === "default") return null;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: "custom", message: 'A whole number, or "default"' });
        return z.NEVER;
      }
      return Number(v);
    })
    .pipe(field.nullable());

export const apiKeyRateArgs = z.object({
  businessId: z.uuid(),
  keyId: z.uuid(),
  perSecond: cliNumber(keyPerSecond),
  burst: cliNumber(keyBurst).default(null),
});
