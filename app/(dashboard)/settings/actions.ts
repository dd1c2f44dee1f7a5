"use server";

import { revalidatePath } from "next/cache";
import { fail, runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireBusinessUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { businessSettingsForm } from "@/lib/businesses/schemas";
import { setDefaultCountry } from "@/lib/businesses/set-default-country";

/**
 * Business settings of the signed-in admin's own business. ROLE CHECK FOR THE LEAD TO WIRE:
 * business admins only, checked inline until the role table in lib/auth (issue 9, roles) has
 * an entry for this action; the page checks the same.
 */
export async function saveBusinessSettingsAction(
  raw: unknown,
): Promise<ActionResult<{ defaultCountry: string | null }>> {
  const user = await requireBusinessUser();
  if (user.role !== "BUSINESS_ADMIN") return fail("Only business admins can change the business settings.");
  return runAction(async () => {
    const input = businessSettingsForm.parse(raw);
    const saved = await setDefaultCountry(userCtx(user), { businessId: user.businessId, ...input });
    revalidatePath("/settings");
    return saved;
  }, raw);
}
