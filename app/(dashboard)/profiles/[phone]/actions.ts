"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { eraseSubscriber } from "@/lib/audiences/consent/erase-subscriber";
import { changeSubscriberTags, setSubscriberAttributes } from "@/lib/audiences/subscriber-audience";

// A subscriber's number and the body the API's subscriber routes take (parsed by the domain).
const withBody = z.tuple([z.string(), z.unknown()]);
const pageOf = ([phone]: [string, unknown]) => [`/profiles/${encodeURIComponent(phone)}`];

/** Adds or removes tags by name (an unknown name to add creates the tag), as the API's PATCH. */
export const changeSubscriberTagsAction = defineAction(
  { action: "changeSubscriberTagsAction", input: withBody, revalidate: pageOf },
  async ([phone, change], { ctx, businessId }) => {
    await changeSubscriberTags(ctx, businessId, phone, change);
    return null;
  },
);

/** The attributes form's values: an emptied field ("") removes the value. */
function formAttributes(form: unknown): unknown {
  const values = (form as { attributes?: unknown } | null)?.attributes;
  return values && typeof values === "object" && !Array.isArray(values)
    ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? null : v]))
    : values;
}

/**
 * Saves the attributes form: every defined key with its text (checked by its type on the
 * server); an emptied field removes the value, unlike the API where a blank says nothing.
 */
export const setSubscriberAttributesAction = defineAction(
  { action: "setSubscriberAttributesAction", input: withBody, revalidate: pageOf },
  async ([phone, form], { ctx, businessId }) => {
    await setSubscriberAttributes(ctx, businessId, phone, { attributes: formAttributes(form) });
    return null;
  },
);

/** Erases the subscriber (profile and consent events; a tombstone and the opt-out stay). */
export const eraseSubscriberAction = defineAction(
  { action: "eraseSubscriberAction", input: z.string(), revalidate: ["/profiles"] },
  async (phone, { ctx, businessId }) => eraseSubscriber(ctx, businessId, phone),
);
