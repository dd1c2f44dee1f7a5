"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { invalidInput } from "@/lib/errors";
import { readTypedPhones } from "@/lib/phone/typed-phones";
import { addOptOutsForm, splitPhones } from "@/lib/promotions/dashboard/opt-out-form";
import { addOptOuts } from "@/lib/promotions/opt-outs/add-opt-outs";
import { removeOptOuts } from "@/lib/promotions/opt-outs/remove-opt-outs";
import { optOutPhonesInput, type RefusedPhone } from "@/lib/promotions/opt-outs/schemas";

/** Adds typed numbers to the opt-out list (source `dashboard`): the API's POST, from a form. */
export async function addOptOutsAction(
  raw: unknown,
): Promise<ActionResult<{ added: number; already: number; invalid: RefusedPhone[] }>> {
  return runAction(async () => {
    const user = await requireAction("addOptOutsAction");
    const parsed = addOptOutsForm.safeParse(raw);
    if (!parsed.success) throw invalidInput(parsed.error, "Check the numbers");
    const ctx = userCtx(user);
    const phones = splitPhones(parsed.data.phones);
    const { valid, refused } = readTypedPhones(phones, await getDefaultCountry(ctx, user.businessId));
    const added = (
      await addOptOuts(ctx, {
        businessId: user.businessId,
        phones: valid,
        source: "dashboard",
        sourceRef: user.id,
      })
    ).length;
    revalidatePath("/campaigns/opt-outs");
    return { added, already: valid.length - added, invalid: refused };
  }, raw);
}

/** Takes numbers off the opt-out list, after the table's confirmation: the API's DELETE. */
export async function removeOptOutsAction(raw: unknown): Promise<ActionResult<{ removed: number }>> {
  return runAction(async () => {
    const user = await requireAction("removeOptOutsAction");
    const parsed = optOutPhonesInput.safeParse(raw);
    if (!parsed.success) throw invalidInput(parsed.error, "Choose the numbers to remove");
    const ctx = userCtx(user);
    const { valid } = readTypedPhones(parsed.data.phones, await getDefaultCountry(ctx, user.businessId));
    const removed = await removeOptOuts(ctx, {
      businessId: user.businessId,
      phones: valid,
      source: "dashboard",
      sourceRef: user.id,
    });
    revalidatePath("/campaigns/opt-outs");
    return { removed };
  }, raw);
}
