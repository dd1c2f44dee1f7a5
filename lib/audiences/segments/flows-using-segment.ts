import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { AppError } from "../../errors";

/**
 * The names of the business's flows whose draft or published version branches on the segment
 * `segmentId` ("is in segment"): deleting it would send their customers down the other way
 * without anyone having decided so. Older versions are not counted: a run still on one takes
 * its other way, as for a segment deleted before this rule (docs/flows.md, "Branch").
 */
export async function flowsUsingSegment(tx: Ctx, businessId: string, segmentId: string): Promise<string[]> {
  const rows = await rawQuery<{ name: string }>(
    tx.db,
    `SELECT f.name FROM flows f
     LEFT JOIN flow_versions v ON v.business_id = f.business_id AND v.flow_id = f.id AND v.version = f.published_version
     WHERE f.business_id = $1
       AND (jsonb_path_exists(f.draft, '$.steps[*].rules[*].when ? (@.source == "segment" && @.key == $id)', $2::jsonb)
         OR jsonb_path_exists(coalesce(v.definition, '{}'::jsonb), '$.steps[*].rules[*].when ? (@.source == "segment" && @.key == $id)', $2::jsonb))
     ORDER BY lower(f.name)`,
    [businessId, JSON.stringify({ id: segmentId })],
  );
  return rows.map((r) => r.name);
}

/** The 409 of deleting a segment flows branch on, naming them (each also a detail). */
export function segmentUsedByFlows(segment: string, flows: string[]): AppError {
  const quoted = flows.map((n) => `'${n}'`);
  const listed = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)!}`;
  const plural = flows.length === 1 ? "flow" : `${flows.length} flows`;
  return new AppError(
    "conflict",
    `The segment ${segment} is used by the ${plural} ${listed}: take it out of their branches (draft and published version) first`,
    flows.map((name) => ({ path: "flows", message: name })),
  );
}
