import type { RowOf } from "../db/row-of";
import type { tags } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { conflict } from "../errors";
import { uuidv7 } from "../ids";
import { DEFAULT_TAG_COLOUR, MAX_TAGS_PER_BUSINESS } from "./schemas";
import { lockTagCreation, tagLimitReached } from "./tags";

/**
 * The ids of the business's tags named `names` (whatever the case), creating the unknown ones
 * in the default colour (docs/decisions/tags-and-attributes.md): a write that
 * tags a subscriber "vip" works without defining "vip" first. Run inside the write's
 * transaction, so a write refused later creates no tag. Past the business's tag limit: 409.
 * The map is by lower-cased name.
 *
 * The tags found are held (FOR KEY SHARE) until the write commits: profiles keep tag ids in
 * an array, which no foreign key checks, so this lock is what keeps a tag deleted meanwhile off
 * them. A delete that came first (not committed when the tag was found) leaves no row to hold:
 * 409, send it again. A delete that comes later waits for the write, then takes the tag off the
 * profiles it wrote.
 */
export async function ensureTags(
  tx: Ctx,
  businessId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (names.length === 0) return ids;
  const seen = new Set<string>();
  const wanted = names.filter((n) => !seen.has(n.toLowerCase()) && Boolean(seen.add(n.toLowerCase())));
  // Found and held in one statement: `found` sees a tag whose delete is not committed yet;
  // `held` waits for that delete and then has no row for it.
  const find = async () => {
    const rows = await rawQuery<{ id: string; name: string; held: boolean }>(
      tx.db,
      `WITH found AS (SELECT id, name FROM tags WHERE business_id = $1 AND lower(name) = ANY($2::text[])),
            held AS (SELECT id FROM tags WHERE business_id = $1 AND id IN (SELECT id FROM found)
                     ORDER BY id FOR KEY SHARE)
       SELECT f.id, f.name, f.id IN (SELECT id FROM held) AS held FROM found f`,
      [businessId, wanted.map((n) => n.toLowerCase())],
    );
    if (rows.some((r) => !r.held)) throw tagDeletedMeanwhile();
    for (const r of rows) ids.set(r.name.toLowerCase(), r.id);
  };
  await find();
  const missing = wanted.filter((n) => !ids.has(n.toLowerCase()));
  if (missing.length === 0) return ids;
  await lockTagCreation(tx, businessId);
  const [n] = await rawQuery<{ n: string }>(tx.db, `SELECT count(*) AS n FROM tags WHERE business_id = $1`, [
    businessId,
  ]);
  if (Number(n!.n) + missing.length > MAX_TAGS_PER_BUSINESS) throw tagLimitReached();
  await rawQuery(
    tx.db,
    `INSERT INTO tags (id, business_id, name, colour)
     SELECT u.id, $1, u.name, $2 FROM json_to_recordset($3::json) AS u(id uuid, name text)
     ON CONFLICT (business_id, lower(name)) DO NOTHING`,
    [businessId, DEFAULT_TAG_COLOUR, JSON.stringify(missing.map((name) => ({ id: uuidv7(), name })))],
  );
  await find();
  return ids;
}

export const tagDeletedMeanwhile = () =>
  conflict("A tag this request adds was deleted meanwhile; send it again");
