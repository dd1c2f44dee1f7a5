import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import { mayEdit } from "./flow-store";

/**
 * Deletes a flow with its versions and runs (their step records go with them). A conversation
 * a run of it waits in is simply no longer held by a flow: its next message is routed.
 */
export async function deleteFlow(ctx: Ctx, businessId: string, id: string): Promise<void> {
  mayEdit(ctx);
  if (!isUuid(id)) throw notFound("Flow");
  const rows = await rawQuery(ctx.db, `DELETE FROM flows WHERE business_id = $1 AND id = $2 RETURNING id`, [
    businessId,
    id,
  ]);
  if (rows.length === 0) throw notFound("Flow");
}
