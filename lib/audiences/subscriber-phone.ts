import { getDefaultCountry } from "../businesses/get-default-country";
import type { Ctx } from "../context";
import { normaliseTypedPhone } from "../profiles/normalise-typed-phone";

/**
 * Reads subscriber numbers as F1 stores them (E.164 digits without "+"), with the business's
 * default country for national forms: "+91 98100 00001", "919810000001" and, for an IN
 * business, "9810000001" are one subscriber.
 */
export async function phoneReader(
  ctx: Ctx,
  businessId: string,
): Promise<(raw: string) => { ok: true; phone: string } | { ok: false; reason: string }> {
  const country = await getDefaultCountry(ctx, businessId);
  return (raw) => {
    const r = normaliseTypedPhone(raw, country);
    return r.ok ? { ok: true, phone: r.e164 } : { ok: false, reason: r.reason };
  };
}
