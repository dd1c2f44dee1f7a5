import type { Ctx } from "../context";
import { setDefaultCountryInput, type SetDefaultCountryInput } from "./schemas";
import { setBusinessSetting } from "./set-business-setting";

/**
 * Changes how the business's national numbers are read from now on. Stored numbers are E.164
 * already, so nothing stored changes meaning; only numbers typed afterwards do.
 */
export async function setDefaultCountry(
  ctx: Ctx,
  raw: SetDefaultCountryInput,
): Promise<{ defaultCountry: string | null }> {
  const input = setDefaultCountryInput.parse(raw);
  await setBusinessSetting(
    ctx,
    input.businessId,
    "defaultCountry",
    input.defaultCountry,
    "business.default_country",
  );
  return { defaultCountry: input.defaultCountry };
}
