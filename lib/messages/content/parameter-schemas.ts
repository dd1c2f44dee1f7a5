import { z } from "zod";
import { HTTP_URL } from "../../validation/http-url";

const httpUrl = z.string().trim().max(2048, "At most 2048 characters").regex(HTTP_URL, "An http(s) URL");

/** Meta media ids are digits; our own media references are hashes or ids; a URL is accepted too. */
const mediaId = z
  .string()
  .trim()
  .min(1, "Required")
  .max(2048)
  .refine((v) => /^[A-Za-z0-9._:-]{1,256}$/.test(v) || HTTP_URL.test(v), {
    message: "A media id (letters, digits, '.', '_', ':', '-') or an http(s) URL",
  });

export const textParameter = z.object({
  type: z.literal("text"),
  text: z.string({ error: "text: the value, a string" }).max(1024, "At most 1024 characters"),
});

/** A money amount: Meta shows `fallback_value` where it cannot localise `amount_1000` in `code`. */
export const currencyParameter = z.object({
  type: z.literal("currency"),
  code: z
    .string({ error: "code: an ISO 4217 currency code such as USD or INR" })
    .trim()
    .regex(/^[A-Za-z]{3}$/, "An ISO 4217 currency code such as USD or INR")
    .transform((v) => v.toUpperCase()),
  amount: z
    .number({ error: "amount: a number such as 100.99" })
    .finite("amount: a number such as 100.99")
    .min(-1e12, "At least -1000000000000")
    .max(1e12, "At most 1000000000000"),
  fallback_value: z.string().trim().min(1).max(256, "At most 256 characters").optional(),
});

/** A date or time, shown as written (Meta's `date_time` sends only its `fallback_value`). */
export const dateParameter = z.object({
  type: z.literal("date"),
  date: z
    .string({ error: "date: the date as the recipient should read it, e.g. 25 February 2026" })
    .trim()
    .min(1, "Required")
    .max(256, "At most 256 characters"),
});

/** A quick-reply button's payload: what Meta echoes when the recipient taps the button. */
export const payloadParameter = z.object({
  type: z.literal("payload"),
  payload: z.string({ error: "payload: a string" }).min(1, "Required").max(256, "At most 256 characters"),
});

export const mediaTypes = ["image", "document", "video"] as const;

/** Single messages carry `mediaId`, bulk messages `mediaLink` (spec); either is accepted on both. */
export const mediaParameter = z
  .object({
    type: z.literal("media"),
    mediaType: z.preprocess(
      (v) => (typeof v === "string" ? v.toLowerCase() : v),
      z.enum(mediaTypes, { error: "mediaType is image, document or video" }),
    ),
    mediaId: mediaId.optional(),
    mediaLink: httpUrl.optional(),
    fileName: z.string().trim().min(1).max(240, "At most 240 characters").optional(),
  })
  .refine((p) => p.mediaId !== undefined || p.mediaLink !== undefined, {
    message: "A media parameter needs mediaId (single) or mediaLink (bulk)",
  })
  .refine((p) => p.fileName === undefined || p.mediaType === "document", {
    path: ["fileName"],
    message: "fileName goes with mediaType document",
  });

export const PARAMETER_SHAPES =
  'expected a text, currency, date, payload or media parameter: {"type":"text","text"}, {"type":"currency","code","amount"}, {"type":"date","date"}, {"type":"payload","payload"} or {"type":"media","mediaType","mediaId"|"mediaLink","fileName"?}';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => !!v && typeof v === "object" && !Array.isArray(v);
const numeric = (v: unknown) =>
  typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v;

/** Without `type`, the keys say which shape was meant. */
function inferType(p: Loose): unknown {
  if ("text" in p) return "text";
  if ("code" in p || "amount" in p || "currency" in p) return "currency";
  if ("date" in p || "date_time" in p) return "date";
  if ("payload" in p) return "payload";
  if ("mediaId" in p || "mediaLink" in p || "mediaType" in p) return "media";
  return undefined;
}

/**
 * One request parameter in our shape. Besides the documented fields it takes Meta's own
 * spellings, which clients copy from Meta's examples: `currency: {code, amount_1000,
 * fallback_value}`, `date_time: {fallback_value}`, `image|document|video: {link|id, filename}`.
 */
export function normaliseParameter(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const type = typeof raw.type === "string" ? raw.type.trim().toLowerCase() : (raw.type ?? inferType(raw));
  if (type === "currency") {
    const nested = isObject(raw.currency) ? raw.currency : {};
    const thousandths = numeric(nested.amount_1000 ?? raw.amount_1000);
    const amount =
      raw.amount ?? nested.amount ?? (typeof thousandths === "number" ? thousandths / 1000 : thousandths);
    return {
      type,
      code: raw.code ?? nested.code,
      amount: numeric(amount),
      fallback_value: raw.fallback_value ?? nested.fallback_value,
    };
  }
  if (type === "date" || type === "date_time") {
    const nested = isObject(raw.date_time) ? raw.date_time : {};
    return { type: "date", date: raw.date ?? raw.fallback_value ?? nested.fallback_value };
  }
  if (type === "image" || type === "document" || type === "video") {
    const nested = isObject(raw[type]) ? (raw[type] as Loose) : {};
    const link = nested.link ?? raw.mediaLink;
    return {
      type: "media",
      mediaType: type,
      mediaLink: link,
      mediaId: link === undefined ? (nested.id ?? raw.mediaId) : undefined,
      fileName: nested.filename ?? raw.fileName,
    };
  }
  return type === raw.type ? raw : { ...raw, type };
}

/** Any parameter of a chatapp message; which shape fits where is checked against the template. */
export const messageParameter = z.preprocess(
  normaliseParameter,
  z.discriminatedUnion(
    "type",
    [textParameter, currencyParameter, dateParameter, payloadParameter, mediaParameter],
    { error: PARAMETER_SHAPES },
  ),
);
export type MessageParameter = z.infer<typeof messageParameter>;
export type BodyParameter = Extract<MessageParameter, { type: "text" | "currency" | "date" }>;
export type MediaParameter = Extract<MessageParameter, { type: "media" }>;
