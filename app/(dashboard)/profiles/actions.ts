"use server";

import { revalidatePath } from "next/cache";
import { fail, runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireBusinessUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { MAX_PROFILES_PER_UPLOAD, type UploadProfilesResult } from "@/lib/profiles/schemas";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";

/** One chunk (at most 1,000 rows) of a CSV import: the same domain function as F1. */
export async function uploadProfilesAction(rows: unknown): Promise<ActionResult<UploadProfilesResult>> {
  const user = await requireBusinessUser();
  if (user.role === "AGENT") return fail("Agents cannot import profiles.");
  if (!Array.isArray(rows) || rows.length > MAX_PROFILES_PER_UPLOAD) {
    return fail(`Send between 1 and ${MAX_PROFILES_PER_UPLOAD} rows per chunk`);
  }
  return runAction(async () => {
    const result = await uploadProfiles(userCtx(user), user.businessId, { profile: rows });
    revalidatePath("/profiles");
    return result;
  }, rows);
}
