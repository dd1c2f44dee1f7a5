"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { eraseSubscriber, type ErasureView } from "@/lib/audiences/consent/erase-subscriber";
import { changeSubscriberTags, setSubscriberAttributes } from "@/lib/audiences/subscriber-audience";

const pageOf = (phone: string) => `/profiles/${encodeURIComponent(phone)}`;

/** Adds or removes tags by name (an unknown name to add creates the tag), as the API's PATCH. */
export async function changeSubscriberTagsAction(
  phone: string,
  change: unknown,
): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("changeSubscriberTagsAction");
    await changeSubscriberTags(userCtx(user), user.businessId, String(phone), change);
    revalidatePath(pageOf(phone));
    return null;
  }, change);
}

/**
 * Saves the attributes form: every defined key with its text (checked by its type on the
 * server); an emptied field removes the value, unlike the API where a blank says nothing.
 */
export async function setSubscriberAttributesAction(
  phone: string,
  form: unknown,
): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("setSubscriberAttributesAction");
    const values = (form as { attributes?: unknown } | null)?.attributes;
    const attributes =
      values && typeof values === "object" && !Array.isArray(values)
        ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? null : v]))
        : values;
    await setSubscriberAttributes(userCtx(user), user.businessId, String(phone), { attributes });
    revalidatePath(pageOf(phone));
    return null;
  }, form);
}

/** Erases the subscriber (profile and consent events; a tombstone and the opt-out stay). */
export async function eraseSubscriberAction(phone: string): Promise<ActionResult<ErasureView>> {
  return runAction(async () => {
    const user = await requireAction("eraseSubscriberAction");
    const erased = await eraseSubscriber(userCtx(user), user.businessId, String(phone));
    revalidatePath("/profiles");
    return erased;
  }, phone);
}
