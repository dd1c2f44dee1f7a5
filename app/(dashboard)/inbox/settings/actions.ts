"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import type { RoutingSettingsView } from "@/lib/conversations/routing-settings-schema";
import { saveRoutingSettings } from "@/lib/conversations/save-routing-settings";
import { createSavedReply, deleteSavedReply, updateSavedReply } from "@/lib/conversations/saved-replies";
import type { SavedReply } from "@/lib/conversations/saved-reply-schema";
import type { BusinessHours } from "@/lib/flows/business-hours/hours-schema";
import { saveBusinessHours } from "@/lib/flows/business-hours/hours-store";

/** Conversation routing: the per-agent limit and each sender's team (admins only). */
export async function saveRoutingSettingsAction(raw: unknown): Promise<ActionResult<RoutingSettingsView>> {
  return runAction(async () => {
    const user = await requireAction("saveRoutingSettingsAction");
    const saved = await saveRoutingSettings(userCtx(user), user.businessId, raw);
    revalidatePath("/inbox/settings");
    return saved;
  }, raw);
}

/** Adds a saved reply (the composer's /name shortcut). */
export async function createSavedReplyAction(raw: unknown): Promise<ActionResult<SavedReply>> {
  return runAction(async () => {
    const user = await requireAction("createSavedReplyAction");
    const saved = await createSavedReply(userCtx(user), user.businessId, raw);
    revalidatePath("/inbox/settings");
    return saved;
  }, raw);
}

/** Changes a saved reply's name or text. */
export async function updateSavedReplyAction(id: string, raw: unknown): Promise<ActionResult<SavedReply>> {
  return runAction(
    async () => {
      const user = await requireAction("updateSavedReplyAction");
      const saved = await updateSavedReply(userCtx(user), user.businessId, String(id), raw);
      revalidatePath("/inbox/settings");
      return saved;
    },
    id,
    raw,
  );
}

/** Deletes a saved reply of the business. */
export async function deleteSavedReplyAction(id: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const user = await requireAction("deleteSavedReplyAction");
    await deleteSavedReply(userCtx(user), user.businessId, String(id));
    revalidatePath("/inbox/settings");
    return undefined;
  }, id);
}

/** The business's opening hours, time zone, holidays and away notice (admins only). */
export async function saveBusinessHoursAction(raw: unknown): Promise<ActionResult<BusinessHours>> {
  return runAction(async () => {
    const user = await requireAction("saveBusinessHoursAction");
    const saved = await saveBusinessHours(userCtx(user), user.businessId, raw);
    revalidatePath("/inbox/settings");
    return saved;
  }, raw);
}
