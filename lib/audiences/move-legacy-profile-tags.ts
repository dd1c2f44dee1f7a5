import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { tagIdsUnion } from "./tag-ids-sql";

/** How often every worker looks for rows to move (a ticker, lib/wiring.ts). */
export const LEGACY_TAGS_EVERY_MS = 5_000;

/** Profiles moved per transaction. */
const BATCH = 5000;

/**
 * Moves the (profile, tag) rows written before tags lived on the profile (profile_tags, now
 * written by nothing) into profiles.tag_ids, a batch of profiles per transaction, deleting them
 * as it goes: a migration may not rewrite profiles (it runs in one transaction while the old
 * release serves), so a ticker of every worker runs this from its start: tags written before
 * an upgrade are on their profiles within seconds of the new release starting. Returns the rows moved; 0 once empty.
 */
export async function moveLegacyProfileTags(ctx: Ctx): Promise<number> {
  let moved = 0;
  for (;;) {
    const [row] = await inTransaction(ctx, (tx) =>
      rawQuery<{ n: number }>(
        tx.db,
        `WITH batch AS (
           DELETE FROM profile_tags pt
           WHERE pt.profile_id IN (SELECT DISTINCT profile_id FROM profile_tags ORDER BY profile_id LIMIT $1)
           RETURNING pt.business_id, pt.profile_id, pt.tag_id),
         grouped AS (
           SELECT business_id, profile_id, array_agg(DISTINCT tag_id ORDER BY tag_id) AS ids
           FROM batch GROUP BY business_id, profile_id),
         written AS (
           UPDATE profiles p SET tag_ids = ${tagIdsUnion("p.tag_ids", "g.ids")}
           FROM grouped g WHERE p.business_id = g.business_id AND p.id = g.profile_id
           RETURNING 1)
         SELECT (SELECT count(*) FROM batch)::int AS n`,
        [BATCH],
      ),
    );
    if (!row || row.n === 0) return moved;
    moved += row.n;
  }
}
