"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { addTestNumber } from "@/lib/businesses/add-test-number";
import { removeTestNumber } from "@/lib/businesses/remove-test-number";
import { businessSettingsForm } from "@/lib/businesses/schemas";
import { setDefaultCountry } from "@/lib/businesses/set-default-country";
import { setMarketingOptIn } from "@/lib/audiences/consent/set-marketing-opt-in";
import { setTimeZone } from "@/lib/businesses/set-time-zone";
import type { Ctx } from "@/lib/context";

/** Business settings of the signed-in admin's own business (lib/auth/access.ts: admins only). */
export async function saveBusinessSettingsAction(
  raw: unknown,
): Promise<ActionResult<{ defaultCountry: string | null; timeZone: string }>> {
  return runAction(async () => {
    const user = await requireAction("saveBusinessSettingsAction");
    const input = businessSettingsForm.parse(raw);
    const ctx = userCtx(user);
    const country = await setDefaultCountry(ctx, {
      businessId: user.businessId,
      defaultCountry: input.defaultCountry,
    });
    const zone = await setTimeZone(ctx, { businessId: user.businessId, timeZone: input.timeZone });
    revalidatePath("/settings");
    return { ...country, ...zone };
  }, raw);
}

/** Puts a number on the test numbers (Settings, or picked on the virtual phone). */
export async function addTestNumberAction(number: string): Promise<ActionResult<{ testNumbers: string[] }>> {
  return runAction(
    async () => changeTestNumbers(await requireAction("addTestNumberAction"), addTestNumber, number),
    number,
  );
}

/** Takes a number off the test numbers (Settings, after a confirmation). */
export async function removeTestNumberAction(
  number: string,
): Promise<ActionResult<{ testNumbers: string[] }>> {
  return runAction(
    async () => changeTestNumbers(await requireAction("removeTestNumberAction"), removeTestNumber, number),
    number,
  );
}

/** Either change on the acting user's own business; both pages that show the list are refreshed. */
async function changeTestNumbers(
  user: Awaited<ReturnType<typeof requireAction<"addTestNumberAction">>>,
  change: (ctx: Ctx, input: { businessId: string; number: string }) => Promise<string[]>,
  number: string,
): Promise<{ testNumbers: string[] }> {
  const testNumbers = await change(userCtx(user), { businessId: user.businessId, number: String(number) });
  revalidatePath("/settings");
  revalidatePath("/virtual-phone");
  return { testNumbers };
}

/** Turns "require a marketing opt-in" on or off for the admin's own business. */
export async function setMarketingOptInAction(
  required: boolean,
): Promise<ActionResult<{ requireMarketingOptIn: boolean }>> {
  return runAction(async () => {
    const user = await requireAction("setMarketingOptInAction");
    const result = await setMarketingOptIn(userCtx(user), {
      businessId: user.businessId,
      required: required === true,
    });
    revalidatePath("/settings");
    return result;
  }, required);
}
