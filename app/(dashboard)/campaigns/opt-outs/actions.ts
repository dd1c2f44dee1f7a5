"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { readTypedPhones } from "@/lib/phone/typed-phones";
import { addOptOutsForm, splitPhones } from "@/lib/promotions/dashboard/opt-out-form";
import { addOptOuts } from "@/lib/promotions/opt-outs/add-opt-outs";
import { removeOptOuts } from "@/lib/promotions/opt-outs/remove-opt-outs";
import { optOutPhonesInput } from "@/lib/promotions/opt-outs/schemas";

const PAGE = ["/campaigns/opt-outs"];

/** Adds typed numbers to the opt-out list (source `dashboard`): the API's POST, from a form. */
export const addOptOutsAction = defineAction(
  { action: "addOptOutsAction", input: addOptOutsForm, invalidLabel: "Check the numbers", revalidate: PAGE },
  async (input, { user, ctx, businessId }) => {
    const phones = splitPhones(input.phones);
    const { valid, refused } = readTypedPhones(phones, await getDefaultCountry(ctx, businessId));
    const added = (
      await addOptOuts(ctx, { businessId, phones: valid, source: "dashboard", sourceRef: user.id })
    ).length;
    return { added, already: valid.length - added, invalid: refused };
  },
);

/** Takes numbers off the opt-out list, after the table's confirmation: the API's DELETE. */
export const removeOptOutsAction = defineAction(
  {
    action: "removeOptOutsAction",
    input: optOutPhonesInput,
    invalidLabel: "Choose the numbers to remove",
    revalidate: PAGE,
  },
  async (input, { user, ctx, businessId }) => {
    const { valid } = readTypedPhones(input.phones, await getDefaultCountry(ctx, businessId));
    const removed = await removeOptOuts(ctx, {
      businessId,
      phones: valid,
      source: "dashboard",
      sourceRef: user.id,
    });
    return { removed };
  },
);
