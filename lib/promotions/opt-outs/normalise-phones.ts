import { getDefaultCountry } from "../../businesses/get-default-country";
import type { Ctx } from "../../context";
import { normaliseTypedPhone } from "../../profiles/normalise-typed-phone";
import type { RefusedPhone } from "./schemas";

/** The numbers as stored (E.164 digits), read with the business's default country; bad ones by index. */
export async function normalisePhones(
  ctx: Ctx,
  businessId: string,
  phones: string[],
): Promise<{ valid: string[]; refused: RefusedPhone[] }> {
  const country = await getDefaultCountry(ctx, businessId);
  const valid = new Set<string>();
  const refused: RefusedPhone[] = [];
  phones.forEach((phone, index) => {
    const r = normaliseTypedPhone(phone, country);
    if (r.ok) valid.add(r.e164);
    else refused.push({ index, phone, reason: r.reason });
  });
  return { valid: [...valid].sort(), refused };
}
