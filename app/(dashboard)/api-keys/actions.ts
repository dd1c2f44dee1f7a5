"use server";

import { revalidatePath } from "next/cache";
import { fail, runAction, type ActionResult } from "@/lib/actions/action-result";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { createApiKeyInput } from "@/lib/api-keys/schemas";
import { canManageApiKeys } from "@/lib/auth/roles";
import { requireBusinessUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";

const NOT_ALLOWED = "Only business admins can manage API keys.";

/** Issues a key for the user's business; the plain key is in the result, once. */
export async function createApiKeyAction(
  raw: unknown,
): Promise<ActionResult<{ key: string; prefix: string }>> {
  const user = await requireBusinessUser();
  if (!canManageApiKeys(user.role)) return fail(NOT_ALLOWED);
  return runAction(async () => {
    const input = createApiKeyInput.parse(raw);
    const created = await createApiKey(userCtx(user), { businessId: user.businessId, name: input.name });
    revalidatePath("/api-keys");
    return { key: created.key, prefix: created.prefix };
  }, raw);
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult<null>> {
  const user = await requireBusinessUser();
  if (!canManageApiKeys(user.role)) return fail(NOT_ALLOWED);
  return runAction(async () => {
    // Scoped to the user's business: another business's key id is a not-found.
    await revokeApiKey(userCtx(user), { businessId: user.businessId, id: String(id) });
    revalidatePath("/api-keys");
    return null;
  }, id);
}
