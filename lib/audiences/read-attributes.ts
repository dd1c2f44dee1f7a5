import { invalid, type AppError, type ErrorDetail } from "../errors";
import { coerceAttributeValue, type AttributeDefinitionRule, type AttributeValue } from "./attribute-values";
import { MAX_ATTRIBUTES_PER_BUSINESS } from "./schemas";

/** Values to merge into profiles.attributes by key; null removes the key. */
export type AttributePatch = Record<string, AttributeValue | null>;

export type ReadAttributes = { ok: true; patch: AttributePatch } | { ok: false; errors: ErrorDetail[] };

/**
 * An `attributes` object as a write sends it, checked against the business's definitions
 * (`rules` by key): every key must be defined and its value fit its type; null removes the
 * value; a blank string says nothing (the stored value stays, as F1's blank fields do). Each
 * problem is one detail at `attributes.<key>` whose message names the key.
 */
export function readAttributes(
  rules: ReadonlyMap<string, AttributeDefinitionRule>,
  raw: unknown,
): ReadAttributes {
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return {
      ok: false,
      errors: [{ path: "attributes", message: "Must be an object of values by attribute key" }],
    };
  const entries = Object.entries(raw);
  if (entries.length > MAX_ATTRIBUTES_PER_BUSINESS)
    return {
      ok: false,
      errors: [{ path: "attributes", message: `At most ${MAX_ATTRIBUTES_PER_BUSINESS} keys` }],
    };
  const patch: AttributePatch = {};
  const errors: ErrorDetail[] = [];
  for (const [key, value] of entries) {
    const rule = rules.get(key);
    if (!rule) {
      errors.push({ path: `attributes.${key}`, message: `${key}: No attribute with this key is defined` });
      continue;
    }
    if (value === null) patch[key] = null;
    else if (typeof value === "string" && value.trim() === "") continue;
    else {
      const r = coerceAttributeValue(rule, value);
      if (r.ok) patch[key] = r.value;
      else errors.push({ path: `attributes.${key}`, message: r.reason });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, patch };
}

/** The 400 for a refused `attributes` object: the first problem in the message (it names its key). */
export function attributesInvalid(errors: ErrorDetail[]): AppError {
  const first = errors[0]!;
  return invalid(
    `Invalid request: ${first.path === "attributes" ? "attributes: " : ""}${first.message}`,
    errors,
  );
}
