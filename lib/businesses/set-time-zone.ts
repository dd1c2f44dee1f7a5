import { z } from "zod";
import type { Ctx } from "../context";
import { setBusinessSetting } from "./set-business-setting";
import { timeZone } from "./time-zone";

/** Read beside the setter by the settings page; one implementation, in get-time-zone.ts. */
export { getTimeZone } from "./get-time-zone";

export const setTimeZoneInput = z.object({ businessId: z.uuid(), timeZone });
export type SetTimeZoneInput = z.input<typeof setTimeZoneInput>;

/**
 * Changes the zone the business's calendar dates are read in (an RCS campaign's default expiry
 * is its coming midnight, reports write local times). Campaigns already created keep the
 * expiry they were given.
 */
export async function setTimeZone(ctx: Ctx, raw: SetTimeZoneInput): Promise<{ timeZone: string }> {
  const input = setTimeZoneInput.parse(raw);
  await setBusinessSetting(ctx, input.businessId, "timeZone", input.timeZone, "business.time_zone");
  return { timeZone: input.timeZone };
}
