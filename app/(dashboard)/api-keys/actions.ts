"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { createApiKeyInput } from "@/lib/api-keys/schemas";

const PAGE = ["/api-keys"];

/** Issues a key for the user's business; the plain key is in the result, once. */
export const createApiKeyAction = defineAction(
  { action: "createApiKeyAction", input: createApiKeyInput, revalidate: PAGE },
  async (input, { ctx, businessId }) => {
    const created = await createApiKey(ctx, { businessId, name: input.name });
    return { key: created.key, prefix: created.prefix };
  },
);

export const revokeApiKeyAction = defineAction(
  { action: "revokeApiKeyAction", input: z.string(), revalidate: PAGE },
  async (id, { ctx, businessId }) => {
    // Scoped to the user's business: another business's key id is a not-found.
    await revokeApiKey(ctx, { businessId, id });
    return null;
  },
);
