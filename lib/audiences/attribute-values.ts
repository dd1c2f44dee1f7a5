import type { AttributeType } from "@/db/schema/audiences";

/** What a custom attribute's value is checked against (a row of attribute_definitions). */
export type AttributeDefinitionRule = {
  key: string;
  type: AttributeType;
  choices: readonly string[] | null;
  /** Which columns of profile_facets hold its values (db/schema/profile-facets.ts). */
  slot?: number;
};

/** A stored value: text, a finite number, an ISO date (yyyy-mm-dd) as text, or a boolean. */
export type AttributeValue = string | number | boolean;

export type CoercedValue = { ok: true; value: AttributeValue } | { ok: false; reason: string };

export const MAX_TEXT_VALUE = 500;
// 1900-01-01 and 9999-12-31 as epoch ms: the dates a person's or an order's record can hold.
const MIN_DATE_MS = Date.UTC(1900, 0, 1);
const MAX_DATE_MS = Date.UTC(9999, 11, 31);
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

const fail = (key: string, message: string): CoercedValue => ({ ok: false, reason: `${key}: ${message}` });

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function coerceDate(key: string, raw: unknown): CoercedValue {
  const message = "Must be a date written yyyy-mm-dd or epoch milliseconds, between 1900 and 9999";
  if (typeof raw === "number") {
    if (!Number.isInteger(raw) || raw < MIN_DATE_MS || raw > MAX_DATE_MS) return fail(key, message);
    return { ok: true, value: isoDate(raw) };
  }
  if (typeof raw !== "string") return fail(key, message);
  const text = raw.trim();
  if (/^-?\d+$/.test(text)) return coerceDate(key, Number(text));
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return fail(key, message);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date.UTC rolls 2026-02-30 over to March: a real date reads back the same.
  if (ms < MIN_DATE_MS || isoDate(ms) !== text) return fail(key, message);
  return { ok: true, value: text };
}

/**
 * A value for the attribute `rule`, as every write path takes it (the API, F1, bulk): the
 * type's own JSON form, or the text a CSV cell or a loosely typed client sends ("42", "true",
 * "2026-12-03"). The reason names the key, so a caller fixing a row sees which field is wrong.
 * Null and blank values are the caller's (they remove or keep a value, docs/audiences.md).
 */
export function coerceAttributeValue(rule: AttributeDefinitionRule, raw: unknown): CoercedValue {
  const { key } = rule;
  switch (rule.type) {
    case "text": {
      if (typeof raw !== "string" && typeof raw !== "number") return fail(key, "Must be text");
      const text = String(raw).trim();
      if (text.length > MAX_TEXT_VALUE) return fail(key, `At most ${MAX_TEXT_VALUE} characters`);
      return { ok: true, value: text };
    }
    case "number": {
      const n =
        typeof raw === "number" ? raw : typeof raw === "string" && NUMERIC.test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(n)) return fail(key, "Must be a finite number");
      return { ok: true, value: n };
    }
    case "date":
      return coerceDate(key, raw);
    case "boolean": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      const text = typeof raw === "string" ? raw.trim().toLowerCase() : "";
      if (text === "true") return { ok: true, value: true };
      if (text === "false") return { ok: true, value: false };
      return fail(key, "Must be true or false");
    }
    case "choice": {
      const choices = rule.choices ?? [];
      const text = typeof raw === "string" || typeof raw === "number" ? String(raw).trim() : undefined;
      // A choice matches whatever its case ("Gold" for "gold") and is stored as defined.
      const match =
        text === undefined ? undefined : choices.find((c) => c.toLowerCase() === text.toLowerCase());
      if (match === undefined) return fail(key, `Must be one of: ${choices.join(", ")}`);
      return { ok: true, value: match };
    }
  }
}
