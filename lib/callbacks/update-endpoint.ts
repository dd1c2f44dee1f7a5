import { and, eq, sql } from "drizzle-orm";
import { callbackEndpoints } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { sealAuth } from "./endpoint-auth";
import { assertDeliverableUrl, toEndpointView } from "./endpoint-view";
import { parseInput } from "./parse-input";
import { updateEndpointInput, type EndpointView, type UpdateEndpointInput } from "./schemas";

/**
 * Changes url, description, subscribed events, enabled or the credentials; deliveries already
 * made keep theirs, and their retries carry the new credentials.
 */
export async function updateEndpoint(
  ctx: Ctx,
  businessId: string,
  id: string,
  input: UpdateEndpointInput,
): Promise<EndpointView> {
  const data = parseInput(updateEndpointInput, input);
  if (data.url !== undefined) await assertDeliverableUrl(data.url);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(callbackEndpoints)
      .set({
        ...(data.url !== undefined && { url: data.url }),
        ...(data.description !== undefined && { description: data.description }),
        ...(data.events !== undefined && { events: data.events }),
        ...(data.enabled !== undefined && { enabled: data.enabled }),
        ...(data.auth !== undefined && sealAuth(data.auth)),
        updatedAt: sql`now()`,
      })
      .where(and(eq(callbackEndpoints.businessId, businessId), eq(callbackEndpoints.id, id)))
      .returning();
    if (!row) throw notFound("Callback endpoint");
    await recordAudit(tx, {
      businessId,
      action: "callback_endpoint.update",
      targetType: "callback_endpoint",
      targetId: id,
      // The credentials' scheme only: the audit log never holds a password or token.
      data: { ...data, ...(data.auth !== undefined && { auth: data.auth?.type ?? null }) },
    });
    return toEndpointView(row);
  });
}
