import type { SessionUser } from "@/lib/users/schemas";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { templateDraft, type TemplateDraft } from "@/lib/templates/template-draft";

/** `?from=<id>` of the create pages ("Duplicate"): the draft, or nothing for an unknown id. */
export async function draftFrom(
  user: SessionUser & { businessId: string },
  from: string | string[] | undefined,
  channel: "chatapp" | "rcs",
): Promise<TemplateDraft | null> {
  if (typeof from !== "string" || !from) return null;
  const draft = await templateDraft(userCtx(user), { businessId: user.businessId, templateId: from }).catch(
    (err) => {
      if (err instanceof AppError && err.code === "not_found") return null;
      throw err;
    },
  );
  return draft?.channel === channel ? draft : null;
}
