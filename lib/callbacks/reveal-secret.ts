import { recordAudit } from "../audit/record-audit";
import type { Ctx } from "../context";
import { loadEndpoint } from "./endpoint-view";
import { decryptSecret } from "./secret-box";

/** The endpoint's signing secret in clear; every reveal is audited. */
export async function revealSecret(ctx: Ctx, businessId: string, id: string): Promise<string> {
  const row = await loadEndpoint(ctx, businessId, id);
  await recordAudit(ctx, {
    businessId,
    action: "callback_endpoint.reveal_secret",
    targetType: "callback_endpoint",
    targetId: id,
  });
  return decryptSecret(row.secretCiphertext);
}
