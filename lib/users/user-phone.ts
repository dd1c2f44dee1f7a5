import { getDefaultCountry } from "../businesses/get-default-country";
import type { Ctx } from "../context";
import { invalid } from "../errors";
import { normaliseTypedPhone } from "../profiles/normalise-typed-phone";

/**
 * A user's typed phone number (G1, G2, dashboard edit) as E.164 digits without "+", read with
 * the business's default country; a 400 on `path` that says how to write it otherwise.
 */
export async function userPhone(ctx: Ctx, businessId: string, raw: string, path = "phoneNumber") {
  const country = await getDefaultCountry(ctx, businessId);
  const p = normaliseTypedPhone(raw, country);
  if (p.ok) return p.e164;
  const hint = country
    ? `write a ${country} number, or any number with its country code, e.g. +14155550100`
    : "write it with the country code, e.g. +919876543210 (this business has no default country)";
  const message = `${p.reason}: ${hint}`;
  throw invalid(`${path}: ${message}`, [{ path, message }]);
}
