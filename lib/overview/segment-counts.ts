import { countSegment } from "../audiences/segments/segment-matches";
import { listSegments } from "../audiences/segments/segments";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** How many segments the overview counts: a count reads every profile a segment matches. */
export const OVERVIEW_SEGMENTS = 8;

export type SegmentCount = {
  id: string;
  name: string;
  /** Subscribers matching now; null when the definition no longer holds (`problem` says why). */
  count: number | null;
  problem: string | null;
  updatedAt: number;
};

/**
 * The business's most recently changed segments with their live counts, as the segment
 * builder counts them (the definition checked against today's tags and attributes, then one
 * count over the compiled predicate). A segment that names a deleted tag or attribute is shown
 * with the 400 its next count or launch would give, not counted. `total` is every segment.
 */
export async function overviewSegments(
  ctx: Ctx,
  businessId: string,
): Promise<{ segments: SegmentCount[]; total: number }> {
  const all = await listSegments(ctx, businessId);
  const latest = [...all].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, OVERVIEW_SEGMENTS);
  const segments: SegmentCount[] = [];
  for (const s of latest) {
    const base = { id: s.id, name: s.name, updatedAt: s.updatedAt };
    try {
      const { count } = await countSegment(ctx, businessId, s.id);
      segments.push({ ...base, count, problem: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      segments.push({ ...base, count: null, problem: err.message });
    }
  }
  return { segments, total: all.length };
}
