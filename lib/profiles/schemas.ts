import { z } from "zod";
import type { AttributeDefinitionRule } from "../audiences/attribute-values";
import { attributesReader } from "../audiences/read-attributes";
import { tagNames } from "../audiences/schemas";
import { isCountryCode, readPhoneForRegion } from "../phone/read-phone";
import { readTypedPhone } from "../phone/typed-reading";

export const MAX_PROFILES_PER_UPLOAD = 1000;

// CSV imports and loosely typed clients send "" for a missing value and numbers as strings.
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : blankToUndefined(typeof v === "string" ? v.trim() : v)),
    z.string().max(max, `At most ${max} characters`).optional(),
  );

/** day/month/year (also d-m-yyyy, d.m.yyyy) -> yyyy-mm-dd; a real date, not in the future. */
export function parseDob(value: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > Date.now()) return null;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const countryCode = z
  .string({ error: "Required: a two-letter country code (this business has no default country)" })
  .trim()
  .refine(isCountryCode, "Must be a two-letter country code (ISO 3166-1 alpha-2)")
  .transform((v) => v.toUpperCase());

/**
 * One subscriber profile of F1, for a business whose default country is `defaultCountry`.
 * Required: `phone`, and `countrycode` unless the business has a default country (decision in
 * docs/decisions/default-country.md); everything else is optional. Unknown fields are ignored. `tags` (names)
 * and `attributes` (values by key, checked against the business's definitions `rules`) are
 * the audience extras (docs/audiences.md); null or absent, they say nothing.
 */
export function profileRecordFor(
  defaultCountry: string | null,
  rules: ReadonlyMap<string, AttributeDefinitionRule> = new Map(),
) {
  // Compiled once for the call's up to 1,000 records (readAttributes compiles it each time).
  const readAttributesOf = attributesReader(rules);
  return z
    .object({
      phone: z.preprocess(
        (v) => (typeof v === "number" ? String(v) : blankToUndefined(v)),
        z.string({ error: "Required" }),
      ),
      countrycode: z.preprocess(blankToUndefined, defaultCountry ? countryCode.optional() : countryCode),
      name: text(200),
      age: z.preprocess(
        (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
        z
          .number({ error: "Must be a whole number" })
          .int("Must be a whole number")
          .min(0)
          .max(150)
          .optional(),
      ),
      gender: text(32),
      dob: z.preprocess(
        blankToUndefined,
        z
          .string()
          .transform((v, ctx) => {
            const iso = parseDob(v);
            if (!iso) ctx.addIssue({ code: "custom", message: "Must be a past date written day/month/year" });
            return iso ?? "";
          })
          .optional(),
      ),
      businesssubscriberid: text(128),
      city: text(120),
      tags: z.preprocess(blankToUndefined, tagNames.optional()),
      attributes: z.preprocess(
        blankToUndefined,
        z
          .unknown()
          .transform((v, ctx) => {
            if (v === undefined) return undefined;
            const read = readAttributesOf(v);
            if (read.ok) return read.patch;
            for (const e of read.errors) ctx.addIssue({ code: "custom", message: e.message });
            return z.NEVER;
          })
          .optional(),
      ),
    })
    .transform((p, ctx) => {
      // Never undefined: countrycode is required when there is no default.
      const country = (p.countrycode ?? defaultCountry)!;
      // An explicit countrycode is the uploader's word (today's rule); without one the number
      // is read like any typed number of the business (lib/phone/typed-reading.ts).
      const phone = p.countrycode ? readPhoneForRegion(p.phone, country) : readTypedPhone(p.phone, country);
      if (!phone.ok) {
        ctx.addIssue({ code: "custom", path: ["phone"], message: phone.reason });
        return z.NEVER;
      }
      // The number's own country wins: a default (the business's or the row's) only says how to
      // read a national number, so +44 7400 123456 is GB whatever countrycode says.
      return { ...p, phone: phone.e164, countrycode: phone.country ?? p.countrycode ?? country };
    });
}
export type ProfileRecord = z.output<ReturnType<typeof profileRecordFor>>;

export const uploadProfilesInput = z.object({
  profile: z
    .array(z.unknown(), { error: "Required: an array of profiles" })
    .min(1, "Send at least one profile")
    .max(MAX_PROFILES_PER_UPLOAD, `At most ${MAX_PROFILES_PER_UPLOAD} profiles per call`),
});

export type UploadProfilesResult = {
  status: "success" | "success with errors";
  total: number;
  uploaded: number;
  rejected: number;
  errors: { index: number; reason: string }[];
};

export const listProfilesInput = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListProfilesInput = z.input<typeof listProfilesInput>;
