import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { uuidv7 } from "../../ids";
import { countryOf } from "../../phone/read-phone";
import { parseDob } from "../../profiles/schemas";
import {
  coerceAttributeValue,
  type AttributeDefinitionRule,
  type AttributeValue,
} from "../../audiences/attribute-values";

export type WritableProfileField = "name" | "city" | "gender" | "age" | "dob";
const LIMITS = { name: 200, city: 120, gender: 32 } as const;

/**
 * The answer as the profile field takes it (the profile form's rules: age a whole number up to
 * 150, dob a past date, texts within their lengths), or undefined when it does not fit.
 */
export function profileValue(field: WritableProfileField, answer: string): string | number | undefined {
  const v = answer.trim();
  if (field === "age") return /^\d{1,3}$/.test(v) && Number(v) <= 150 ? Number(v) : undefined;
  if (field === "dob") {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : parseDob(v);
    return iso && iso <= new Date().toISOString().slice(0, 10) && iso >= "1900-01-01" ? iso : undefined;
  }
  return v && v.length <= LIMITS[field] ? v : undefined;
}

const COLUMN = { name: "name", city: "city", gender: "gender", age: "age", dob: "dob" } as const;

/** Writes the field of the customer's profile (made when the number has none yet). */
export async function writeProfileField(
  tx: Ctx,
  businessId: string,
  phone: string,
  field: WritableProfileField,
  value: string | number,
): Promise<void> {
  const country = countryOf(phone) ?? "ZZ";
  const col = COLUMN[field];
  await rawQuery(
    tx.db,
    `INSERT INTO profiles (id, business_id, phone, country_code, ${col}) VALUES ($5, $1, $2, $3, $4)
     ON CONFLICT (business_id, phone) DO UPDATE SET ${col} = excluded.${col}, updated_at = now()`,
    [businessId, phone, country, value, uuidv7()],
  );
}

/** The customer's profile fields (empty when there is no profile). */
export async function readProfile(
  tx: Ctx,
  businessId: string,
  phone: string,
): Promise<Record<string, string | null>> {
  const [row] = await rawQuery<Record<string, string | null>>(
    tx.db,
    `SELECT name, city, gender, age::text AS age, dob::text AS dob FROM profiles WHERE business_id = $1 AND phone = $2`,
    [businessId, phone],
  );
  return row ?? {};
}

/** A customer's yes or no, for a yes/no attribute (the attribute itself takes only true/false). */
const YES_NO: Record<string, boolean> = { yes: true, y: true, true: true, no: false, n: false, false: false };

/**
 * The answer as the subscriber's attribute `key` takes it (by the attribute's type; a yes/no
 * attribute also reads yes, y, no, n), `undefined` when it does not fit (the question is asked
 * again), or null when the business no longer defines the key (the answer is kept in the run
 * only).
 */
export async function attributeAnswer(
  tx: Ctx,
  businessId: string,
  key: string,
  answer: string,
): Promise<{ key: string; value: AttributeValue } | null | undefined> {
  const [rule] = await rawQuery<AttributeDefinitionRule>(
    tx.db,
    `SELECT key, type, choices FROM attribute_definitions WHERE business_id = $1 AND key = $2`,
    [businessId, key],
  );
  if (!rule) return null;
  const raw = rule.type === "boolean" ? (YES_NO[answer.trim().toLowerCase()] ?? answer) : answer;
  const coerced = coerceAttributeValue(rule, raw);
  return coerced.ok ? { key, value: coerced.value } : undefined;
}

/** Merges one attribute value into the customer's profile (made when the number has none yet). */
export async function writeProfileAttribute(
  tx: Ctx,
  businessId: string,
  phone: string,
  attribute: { key: string; value: AttributeValue },
): Promise<void> {
  const country = countryOf(phone) ?? "ZZ";
  const patch = JSON.stringify({ [attribute.key]: attribute.value });
  await rawQuery(
    tx.db,
    `INSERT INTO profiles (id, business_id, phone, country_code, attributes) VALUES ($5, $1, $2, $3, $4::jsonb)
     ON CONFLICT (business_id, phone) DO UPDATE SET attributes = profiles.attributes || excluded.attributes, updated_at = now()`,
    [businessId, phone, country, patch, uuidv7()],
  );
}
