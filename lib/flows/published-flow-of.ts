import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, notFound } from "../errors";
import { isUuid } from "../ids";
import type { FlowDefinition } from "./definition";
import type { PublishedFlow } from "./engine/match-trigger";

/**
 * The business's flow with the version new runs start on: 404 when the business has no such
 * flow, 409 when it has no published version or is disabled (what to do about it in the message).
 */
export async function publishedFlowOf(ctx: Ctx, businessId: string, flowId: string): Promise<PublishedFlow> {
  if (!isUuid(flowId)) throw notFound("Flow");
  const [f] = await rawQuery<{
    id: string;
    name: string;
    enabled: boolean;
    version: number | null;
    definition: FlowDefinition | null;
  }>(
    ctx.db,
    `SELECT f.id, f.name, f.enabled, v.version, v.definition FROM flows f
     LEFT JOIN flow_versions v ON v.business_id = f.business_id AND v.flow_id = f.id AND v.version = f.published_version
     WHERE f.business_id = $1 AND f.id = $2`,
    [businessId, flowId],
  );
  if (!f) throw notFound("Flow");
  if (f.version === null || !f.definition)
    throw new AppError(
      "conflict",
      `Flow ${f.name} has no published version: publish it before starting runs`,
    );
  if (!f.enabled)
    throw new AppError("conflict", `Flow ${f.name} is disabled: enable it before starting runs`);
  return { id: f.id, name: f.name, version: f.version, definition: f.definition };
}
