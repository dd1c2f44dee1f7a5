"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { invalid } from "@/lib/errors";
import { MAX_PROFILES_PER_UPLOAD, type UploadProfilesResult } from "@/lib/profiles/schemas";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";
import { deleteProfile, editProfile, type EditProfileForm } from "@/lib/profiles/edit-profile";
import {
  bulkUpdateFiltered,
  type FilteredBulkResult,
  type FilteredChange,
} from "@/lib/audiences/bulk-update-filtered";

/** One chunk (at most 1,000 rows) of a CSV import: the same domain function as F1. */
export async function uploadProfilesAction(
  rows: unknown,
): Promise<ActionResult<UploadProfilesResult & { accepted: { index: number; phone: string }[] }>> {
  return runAction(async () => {
    const user = await requireAction("uploadProfilesAction");
    if (!Array.isArray(rows) || rows.length > MAX_PROFILES_PER_UPLOAD) {
      throw invalid(`Send between 1 and ${MAX_PROFILES_PER_UPLOAD} rows per chunk`);
    }
    const result = await uploadProfiles(userCtx(user), user.businessId, { profile: rows });
    revalidatePath("/profiles");
    return result;
  }, rows);
}

/** Saves a profile's fields (not its number). */
export async function updateProfileAction(raw: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("updateProfileAction");
    await editProfile(userCtx(user), user.businessId, raw as EditProfileForm);
    revalidatePath("/profiles");
    return null;
  }, raw);
}

/** Deletes one profile, after the table's confirmation. */
export async function deleteProfileAction(id: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("deleteProfileAction");
    await deleteProfile(userCtx(user), user.businessId, id);
    revalidatePath("/profiles");
    return null;
  }, id);
}

/**
 * One tag or attribute change on every profile the table's search matches (`q`, as in the
 * address; all profiles without one), checked as the API's bulk change checks it.
 */
export async function bulkChangeProfilesAction(
  q: string,
  change: unknown,
): Promise<ActionResult<FilteredBulkResult>> {
  return runAction(
    async () => {
      const user = await requireAction("bulkChangeProfilesAction");
      const search =
        String(q ?? "")
          .trim()
          .slice(0, 100) || undefined;
      const result = await bulkUpdateFiltered(
        userCtx(user),
        user.businessId,
        search,
        change as FilteredChange,
      );
      revalidatePath("/profiles");
      return result;
    },
    q,
    change,
  );
}
