"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { createApiKeyInput } from "@/lib/api-keys/schemas";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";

/** Issues a key for the user's business; the plain key is in the result, once. */
export async function createApiKeyAction(
  raw: unknown,
): Promise<ActionResult<{ key: string; prefix: string }>> {
  return runAction(async () => {
    const user = await requireAction("createApiKeyAction");
    const input = createApiKeyInput.parse(raw);
    const created = await createApiKey(userCtx(user), { businessId: user.businessId, name: input.name });
    revalidatePath("/api-keys");
    return { key: created.key, prefix: created.prefix };
  }, raw);
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("revokeApiKeyAction");
    // Scoped to the user's business: another business's key id is a not-found.
    await revokeApiKey(userCtx(user), { businessId: user.businessId, id: String(id) });
    revalidatePath("/api-keys");
    return null;
  }, id);
}
