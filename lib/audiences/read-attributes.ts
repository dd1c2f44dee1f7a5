import { invalid, type AppError, type ErrorDetail } from "../errors";
import {
  coerceAttributeValue,
  type AttributeDefinitionRule,
  type AttributeValue,
  type CoercedValue,
} from "./attribute-values";
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
  return attributesReader(rules)(raw);
}

/**
 * `readAttributes` for one set of definitions, compiled once (F1 compiles it per call and
 * reads up to 1,000 records with it): each key's check is chosen once, and a choice is found
 * by a map of its lower-cased spellings instead of comparing every choice for every value.
 */
export function attributesReader(
  rules: ReadonlyMap<string, AttributeDefinitionRule>,
): (raw: unknown) => ReadAttributes {
  const checks = new Map<string, (value: unknown) => CoercedValue>();
  for (const [key, rule] of rules) checks.set(key, valueCheck(rule));
  return (raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw))
      return {
        ok: false,
        errors: [{ path: "attributes", message: "Must be an object of values by attribute key" }],
      };
    const keys = Object.keys(raw);
    if (keys.length > MAX_ATTRIBUTES_PER_BUSINESS)
      return {
        ok: false,
        errors: [{ path: "attributes", message: `At most ${MAX_ATTRIBUTES_PER_BUSINESS} keys` }],
      };
    const patch: AttributePatch = {};
    const errors: ErrorDetail[] = [];
    for (const key of keys) {
      const value: unknown = (raw as Record<string, unknown>)[key];
      const check = checks.get(key);
      if (!check) {
        errors.push({ path: `attributes.${key}`, message: `${key}: No attribute with this key is defined` });
        continue;
      }
      if (value === null) patch[key] = null;
      else if (typeof value === "string" && value.trim() === "") continue;
      else {
        const r = check(value);
        if (r.ok) patch[key] = r.value;
        else errors.push({ path: `attributes.${key}`, message: r.reason });
      }
    }
    return errors.length > 0 ? { ok: false, errors } : { ok: true, patch };
  };
}

/** `coerceAttributeValue` for `rule`; a choice looked up by its lower-cased text (first spelling wins). */
function valueCheck(rule: AttributeDefinitionRule): (value: unknown) => CoercedValue {
  if (rule.type !== "choice") return (value) => coerceAttributeValue(rule, value);
  const byLower = new Map<string, string>();
  for (const c of rule.choices ?? []) if (!byLower.has(c.toLowerCase())) byLower.set(c.toLowerCase(), c);
  return (value) => {
    const text = typeof value === "string" || typeof value === "number" ? String(value).trim() : undefined;
    const match = text === undefined ? undefined : byLower.get(text.toLowerCase());
    // A refusal's reason is the one rule's.
    return match === undefined ? coerceAttributeValue(rule, value) : { ok: true, value: match };
  };
}

/** The 400 for a refused `attributes` object: the first problem in the message (it names its key). */
export function attributesInvalid(errors: ErrorDetail[]): AppError {
  const first = errors[0]!;
  return invalid(
    `Invalid request: ${first.path === "attributes" ? "attributes: " : ""}${first.message}`,
    errors,
  );
}
