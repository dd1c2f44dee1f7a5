import { z } from "zod";
import type { Ctx } from "../../context";
import { forgetMarketingOptInSetting } from "./require-marketing-consent";
import { setBusinessSetting } from "../../businesses/set-business-setting";

export const setMarketingOptInInput = z.object({ businessId: z.uuid(), required: z.boolean() });
export type SetMarketingOptInInput = z.input<typeof setMarketingOptInInput>;

/**
 * Turns "require a marketing opt-in" on or off (off by default). On: campaigns and MARKETING
 * templates (A1, B1) skip every number whose latest marketing consent event in the ledger is not
 * an opt-in, each with the reason `no_marketing_consent`. Campaigns already launched keep the
 * audience they were launched with. Audited with who changed it. Single sends in other
 * processes see the change within the send path's cache time (MESSAGES_CACHE_MS, 2 s).
 */
export async function setMarketingOptIn(
  ctx: Ctx,
  raw: SetMarketingOptInInput,
): Promise<{ requireMarketingOptIn: boolean }> {
  const input = setMarketingOptInInput.parse(raw);
  await setBusinessSetting(
    ctx,
    input.businessId,
    "requireMarketingOptIn",
    input.required,
    "business.require_marketing_opt_in",
  );
  // After the commit, so no send in this process caches the old value from here on.
  forgetMarketingOptInSetting();
  return { requireMarketingOptIn: input.required };
}
