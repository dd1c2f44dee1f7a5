import { coerceAttributeValue } from "../attribute-values";
import type { ValueOperator } from "./definition";
import { operatorsOf, valueKindOf, type ValueType } from "./operators";

/** A condition's value as the compiler takes it. */
export type ConditionValue = string | number | boolean | string[];

export const INVALID: unique symbol = Symbol("invalid");

/** The condition's value as the compiler takes it, or INVALID (the problem recorded). */
export function checkValue(
  rule: { key: string; type: ValueType; choices: readonly string[] | null },
  op: ValueOperator,
  raw: unknown,
  fail: (path: string, message: string) => undefined,
): ConditionValue | undefined | typeof INVALID {
  const fits = operatorsOf[rule.type];
  if (!fits.includes(op)) {
    fail("op", `'${op}' does not fit ${rule.key} (${rule.type}): use one of ${fits.join(", ")}`);
    return INVALID;
  }
  const wants = valueKindOf[op];
  const bad = (message: string): typeof INVALID => (fail("value", message), INVALID);
  if (wants === "none") return raw === undefined ? undefined : bad(`'${op}' takes no value`);
  if (raw === undefined) return bad(`'${op}' needs a value`);
  if (wants === "days") {
    return typeof raw === "number" && Number.isInteger(raw) && raw >= 1 && raw <= 3650
      ? raw
      : bad("Must be a whole number of days, 1 to 3650");
  }
  if (wants === "list") {
    if (!Array.isArray(raw)) return bad(`'${op}' takes a list of values`);
    if (rule.type === "text") return raw.map((v) => v.trim().toLowerCase());
    const out: string[] = [];
    for (const v of raw) {
      const coerced = coerceAttributeValue({ key: rule.key, type: "choice", choices: rule.choices }, v);
      if (!coerced.ok) return bad(coerced.reason);
      out.push(String(coerced.value));
    }
    return out;
  }
  if (Array.isArray(raw)) return bad(`'${op}' takes one value, not a list`);
  switch (rule.type) {
    case "text":
      return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : bad("Must be non-empty text");
    case "number":
      return typeof raw === "number" ? raw : bad("Must be a number");
    case "boolean":
      return typeof raw === "boolean" ? raw : bad("Must be true or false");
    default: {
      if (typeof raw !== "string") return bad("Must be a date written yyyy-mm-dd");
      const coerced = coerceAttributeValue({ key: rule.key, type: "date", choices: null }, raw);
      return coerced.ok ? coerced.value : bad(coerced.reason);
    }
  }
}
