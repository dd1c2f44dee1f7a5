"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { saveRoutingSettings } from "@/lib/conversations/save-routing-settings";
import { createSavedReply, deleteSavedReply, updateSavedReply } from "@/lib/conversations/saved-replies";
import { saveBusinessHours } from "@/lib/flows/business-hours/hours-store";

// Admins only (lib/auth/access.ts). Each form's body is parsed by its domain function, the
// same one the API's settings routes call, so both edges answer the same field errors.
const PAGE = ["/inbox/settings"];

/** Conversation routing: the per-agent limit and each sender's team. */
export const saveRoutingSettingsAction = defineAction(
  { action: "saveRoutingSettingsAction", input: z.unknown(), revalidate: PAGE },
  async (body, { ctx, businessId }) => saveRoutingSettings(ctx, businessId, body),
);

/** Adds a saved reply (the composer's /name shortcut). */
export const createSavedReplyAction = defineAction(
  { action: "createSavedReplyAction", input: z.unknown(), revalidate: PAGE },
  async (body, { ctx, businessId }) => createSavedReply(ctx, businessId, body),
);

/** Changes a saved reply's name or text. */
export const updateSavedReplyAction = defineAction(
  { action: "updateSavedReplyAction", input: z.tuple([z.string(), z.unknown()]), revalidate: PAGE },
  async ([id, body], { ctx, businessId }) => updateSavedReply(ctx, businessId, id, body),
);

/** Deletes a saved reply of the business. */
export const deleteSavedReplyAction = defineAction(
  { action: "deleteSavedReplyAction", input: z.string(), revalidate: PAGE },
  async (id, { ctx, businessId }) => {
    await deleteSavedReply(ctx, businessId, id);
    return undefined;
  },
);

/** The business's opening hours, time zone, holidays and away notice. */
export const saveBusinessHoursAction = defineAction(
  { action: "saveBusinessHoursAction", input: z.unknown(), revalidate: PAGE },
  async (body, { ctx, businessId }) => saveBusinessHours(ctx, businessId, body),
);
