import type { RowOf } from "../db/row-of";
import type { tags } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { conflict, isForeignKeyViolation } from "../errors";
import { uuidv7 } from "../ids";
import { DEFAULT_TAG_COLOUR, MAX_TAGS_PER_BUSINESS } from "./schemas";
import { lockTagCreation, tagLimitReached } from "./tags";

/**
 * The ids of the business's tags named `names` (whatever the case), creating the unknown ones
 * in the default colour (docs/decisions.md, "Audiences: tags and attributes"): a write that
 * tags a subscriber "vip" works without defining "vip" first. Run inside the write's
 * transaction, so a write refused later creates no tag. Past the business's tag limit: 409.
 * The map is by lower-cased name.
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
  const find = async () => {
    const rows = await rawQuery<Pick<RowOf<typeof tags>, "id" | "name">>(
      tx.db,
      `SELECT id, name FROM tags WHERE business_id = $1 AND lower(name) = ANY($2::text[])`,
      [businessId, wanted.map((n) => n.toLowerCase())],
    );
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

/**
 * Runs `write` (which tags profiles with ids from ensureTags): a tag deleted by another request
 * between the two fails its foreign key check, which is that request's doing, not a fault: 409.
 */
export async function taggingRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err))
      throw conflict("A tag this request adds was deleted meanwhile; send it again");
    throw err;
  }
}
