import { callbackEndpoints } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { sealAuth } from "./endpoint-auth";
import { assertDeliverableUrl, toEndpointView } from "./endpoint-view";
import { parseInput } from "./parse-input";
import { createEndpointInput, type CreateEndpointInput, type EndpointView } from "./schemas";
import { encryptSecret, generateSigningSecret } from "./secret-box";

/** Registers an endpoint with a fresh signing secret, returned here and revealable later. */
export async function createEndpoint(
  ctx: Ctx,
  businessId: string,
  input: CreateEndpointInput,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const data = parseInput(createEndpointInput, input);
  await assertDeliverableUrl(data.url);
  const secret = generateSigningSecret();
  const id = uuidv7();
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(callbackEndpoints)
      .values({
        id,
        businessId,
        url: data.url,
        description: data.description,
        events: data.events,
        enabled: data.enabled,
        secretCiphertext: encryptSecret(secret),
        ...sealAuth(data.auth ?? null),
      })
      .returning();
    await recordAudit(tx, {
      businessId,
      action: "callback_endpoint.create",
      targetType: "callback_endpoint",
      targetId: id,
      data: { url: data.url, events: data.events, enabled: data.enabled, auth: data.auth?.type ?? null },
    });
    return { endpoint: toEndpointView(row!), secret };
  });
}
