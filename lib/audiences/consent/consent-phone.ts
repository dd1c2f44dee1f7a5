import type { Ctx } from "../../context";
import { invalid } from "../../errors";
import { getDefaultCountry } from "../../businesses/get-default-country";
import { readTypedPhone } from "../../phone/typed-reading";

/** A number as the ledger keeps it (E.164 digits), or a 400 naming `path`. */
export async function consentPhone(
  ctx: Ctx,
  businessId: string,
  raw: string,
  path = "phone",
): Promise<string> {
  const read = readTypedPhone(raw, await getDefaultCountry(ctx, businessId));
  if (!read.ok) throw invalid(`Invalid request: ${path}: ${read.reason}`, [{ path, message: read.reason }]);
  return read.e164;
}
