"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { MAX_PROFILES_PER_UPLOAD } from "@/lib/profiles/schemas";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";
import { deleteProfile, editProfile, type EditProfileForm } from "@/lib/profiles/edit-profile";
import { bulkUpdateFiltered, type FilteredChange } from "@/lib/audiences/bulk-update-filtered";

// The rows, the form and the change are parsed by their domain functions (the API's too).
const PAGE = ["/profiles"];

/** One chunk (at most 1,000 rows) of a CSV import: the same domain function as F1. */
export const uploadProfilesAction = defineAction(
  {
    action: "uploadProfilesAction",
    input: z.array(z.unknown()).max(MAX_PROFILES_PER_UPLOAD),
    invalidLabel: `Send between 1 and ${MAX_PROFILES_PER_UPLOAD} rows per chunk`,
    revalidate: PAGE,
  },
  async (rows, { ctx, businessId }) => uploadProfiles(ctx, businessId, { profile: rows }),
);

/** Saves a profile's fields (not its number). */
export const updateProfileAction = defineAction(
  { action: "updateProfileAction", input: z.unknown(), revalidate: PAGE },
  async (form, { ctx, businessId }) => {
    await editProfile(ctx, businessId, form as EditProfileForm);
    return null;
  },
);

/** Deletes one profile, after the table's confirmation. */
export const deleteProfileAction = defineAction(
  { action: "deleteProfileAction", input: z.string(), revalidate: PAGE },
  async (id, { ctx, businessId }) => {
    await deleteProfile(ctx, businessId, id);
    return null;
  },
);

/**
 * One tag or attribute change on every profile the table's search matches (`q`, as in the
 * address; all profiles without one), checked as the API's bulk change checks it.
 */
export const bulkChangeProfilesAction = defineAction(
  {
    action: "bulkChangeProfilesAction",
    input: z.tuple([z.string().nullish(), z.unknown()]),
    revalidate: PAGE,
  },
  async ([q, change], { ctx, businessId }) => {
    const search = (q ?? "").trim().slice(0, 100) || undefined;
    return bulkUpdateFiltered(ctx, businessId, search, change as FilteredChange);
  },
);
