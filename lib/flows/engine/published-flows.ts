import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { FlowDefinition } from "../definition";
import type { PublishedFlow } from "./match-trigger";

/** Definitions kept at most (a business's few flows and their versions in flight, many businesses). */
const MAX_KEPT = 2_000;

// A published version never changes (flow-store.ts only inserts them, a deleted flow takes its
// id with it): its definition, as PostgreSQL returned it, is kept by flow and version, so an
// inbound batch reads which versions are published (a few small rows) and not their graphs.
const kept = new Map<string, FlowDefinition>();
const keyOf = (flowId: string, version: number) => `${flowId}:${version}`;

/**
 * The definitions of the business's published versions `wanted` (flow id and version), by
 * `flowId:version`: those not kept yet in one statement.
 */
export async function versionDefinitions(
  tx: Ctx,
  businessId: string,
  wanted: ReadonlyArray<{ flowId: string; version: number }>,
): Promise<Map<string, FlowDefinition>> {
  const out = new Map<string, FlowDefinition>();
  const missing: Array<{ flowId: string; version: number }> = [];
  for (const w of wanted) {
    const key = keyOf(w.flowId, w.version);
    const def = kept.get(key);
    if (def) out.set(key, def);
    else if (!missing.some((m) => m.flowId === w.flowId && m.version === w.version)) missing.push(w);
  }
  if (missing.length === 0) return out;
  const rows = await rawQuery<{ flow_id: string; version: number; definition: FlowDefinition }>(
    tx.db,
    `SELECT v.flow_id, v.version, v.definition FROM flow_versions v
     JOIN unnest($2::uuid[], $3::int[]) AS w(flow_id, version) ON w.flow_id = v.flow_id AND w.version = v.version
     WHERE v.business_id = $1`,
    [businessId, missing.map((m) => m.flowId), missing.map((m) => m.version)],
  );
  if (kept.size + rows.length > MAX_KEPT) kept.clear();
  for (const r of rows) {
    const key = keyOf(r.flow_id, r.version);
    kept.set(key, deepFreeze(r.definition));
    out.set(key, r.definition);
  }
  return out;
}

/** The business's enabled flows with a published version, oldest first (match-trigger.ts's order). */
export async function publishedFlows(tx: Ctx, businessId: string): Promise<PublishedFlow[]> {
  const flows = await rawQuery<{ id: string; name: string; version: number }>(
    tx.db,
    `SELECT id, name, published_version AS version FROM flows
     WHERE business_id = $1 AND enabled AND published_version IS NOT NULL ORDER BY created_at`,
    [businessId],
  );
  const defs = await versionDefinitions(
    tx,
    businessId,
    flows.map((f) => ({ flowId: f.id, version: f.version })),
  );
  // A version that is not there (none since the flow was made) leaves its flow out, as the join did.
  return flows.flatMap((f) => {
    const definition = defs.get(keyOf(f.id, f.version));
    return definition ? [{ ...f, definition }] : [];
  });
}

/** Shared by every batch from now on: frozen, so a step that would change it throws instead. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
