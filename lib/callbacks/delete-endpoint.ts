import { and, eq } from "drizzle-orm";
import { callbackEndpoints } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";

/** Deletes the endpoint with its deliveries and attempts (cascade). */
export async function deleteEndpoint(ctx: Ctx, businessId: string, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .delete(callbackEndpoints)
      .where(and(eq(callbackEndpoints.businessId, businessId), eq(callbackEndpoints.id, id)))
      .returning({ id: callbackEndpoints.id, url: callbackEndpoints.url });
    if (!row) throw notFound("Callback endpoint");
    await recordAudit(tx, {
      businessId,
      action: "callback_endpoint.delete",
      targetType: "callback_endpoint",
      targetId: id,
      data: { url: row.url },
    });
  });
}
