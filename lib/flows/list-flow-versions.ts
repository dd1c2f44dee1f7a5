import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import type { FlowDefinition } from "./definition";
import { getFlow } from "./flow-store";

export type FlowVersionView = {
  version: number;
  definition: FlowDefinition;
  publishedBy: string;
  createdAt: number;
};

/** A flow's published versions, newest first. */
export async function listFlowVersions(
  ctx: Ctx,
  businessId: string,
  flowId: string,
): Promise<FlowVersionView[]> {
  await getFlow(ctx, businessId, flowId);
  const rows = await rawQuery<{
    version: number;
    definition: FlowDefinition;
    published_by: string;
    created_at: Date;
  }>(
    ctx.db,
    `SELECT version, definition, published_by, created_at FROM flow_versions
     WHERE business_id = $1 AND flow_id = $2 ORDER BY version DESC LIMIT 500`,
    [businessId, flowId],
  );
  return rows.map((r) => ({
    version: r.version,
    definition: r.definition,
    publishedBy: r.published_by,
    createdAt: Math.floor(r.created_at.getTime() / 1000),
  }));
}
