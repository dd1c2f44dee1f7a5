import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, invalidInput, isUniqueViolation, notFound } from "../errors";
import { isUuid, uuidv7 } from "../ids";
import { MAX_TAGS_PER_BUSINESS, TagInput, TagUpdate } from "./schemas";
import {
  lockSegments,
  renameTagInSegments,
  segmentsNamingTag,
  usedBySegments,
} from "./segments/segment-references";

export type TagView = { id: string; name: string; colour: string; count: number; createdAt: number };
type TagRow = { id: string; name: string; colour: string; count?: string | number; created_at: Date };

/** Serialises the business's tag creation for the transaction, so the limit holds under concurrency. */
export async function lockTagCreation(tx: Ctx, businessId: string): Promise<void> {
  await rawQuery(tx.db, `SELECT pg_advisory_xact_lock(hashtext('tags:' || $1))`, [businessId]);
}

const view = (r: TagRow): TagView => ({
  id: r.id,
  name: r.name,
  colour: r.colour,
  count: Number(r.count ?? 0),
  createdAt: Math.floor(r.created_at.getTime() / 1000),
});

const nameTaken = (name: string) =>
  new AppError("conflict", `A tag named ${name} exists already`, [
    { path: "name", message: "A tag of this name exists already (whatever the case)" },
  ]);

export const tagLimitReached = () =>
  new AppError("conflict", `A business has at most ${MAX_TAGS_PER_BUSINESS} tags`, [
    { path: "name", message: "Tag limit reached" },
  ]);

/**
 * The business's tags by name, each with how many profiles have it: one pass over the
 * business's tagged profiles for all of them (a count per tag would be a scan per tag without
 * the GIN index on tag_ids, and a business has up to 1,000 tags).
 */
export async function listTags(ctx: Ctx, businessId: string): Promise<TagView[]> {
  const rows = await rawQuery<TagRow>(
    ctx.db,
    `SELECT t.id, t.name, t.colour, t.created_at, coalesce(c.n, 0) AS count
     FROM tags t
     LEFT JOIN (SELECT x AS tag_id, count(*) AS n
                FROM profiles p, unnest(p.tag_ids) x
                WHERE p.business_id = $1 AND p.tag_ids <> '{}' GROUP BY x) c ON c.tag_id = t.id
     WHERE t.business_id = $1 ORDER BY lower(t.name)`,
    [businessId],
  );
  return rows.map(view);
}

export async function createTag(ctx: Ctx, businessId: string, raw: unknown): Promise<TagView> {
  const parsed = TagInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name, colour } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    await lockTagCreation(tx, businessId);
    const [n] = await rawQuery<{ n: string }>(
      tx.db,
      `SELECT count(*) AS n FROM tags WHERE business_id = $1`,
      [businessId],
    );
    if (Number(n!.n) >= MAX_TAGS_PER_BUSINESS) throw tagLimitReached();
    try {
      const [row] = await rawQuery<TagRow>(
        tx.db,
        `INSERT INTO tags (id, business_id, name, colour) VALUES ($1, $2, $3, $4) RETURNING *`,
        [uuidv7(), businessId, name, colour],
      );
      await recordAudit(tx, {
        businessId,
        action: "tag.create",
        targetType: "tag",
        targetId: row!.id,
        data: { name },
      });
      return view(row!);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  });
}

/**
 * Renames or recolours a tag; its profiles keep it, and the segments that name it are rewritten
 * to the new name in the same transaction (a segment names tags by name), so they match the
 * same profiles after the rename as before.
 */
export async function updateTag(ctx: Ctx, businessId: string, id: string, raw: unknown): Promise<TagView> {
  const parsed = TagUpdate.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  if (!isUuid(id)) throw notFound("Tag");
  const { name, colour } = parsed.data;
  try {
    return await inTransaction(ctx, async (tx) => {
      await lockSegments(tx, businessId);
      // The UPDATE's own lock strength: a write holding the tag (ensureTags, FOR KEY SHARE) does
      // not hold a rename up.
      const [before] = await rawQuery<{ name: string }>(
        tx.db,
        `SELECT name FROM tags WHERE business_id = $1 AND id = $2 FOR NO KEY UPDATE`,
        [businessId, id],
      );
      if (!before) throw notFound("Tag");
      const [row] = await rawQuery<TagRow>(
        tx.db,
        `UPDATE tags SET name = coalesce($3, name), colour = coalesce($4, colour)
         WHERE business_id = $1 AND id = $2
         RETURNING *, (SELECT count(*) FROM profiles p WHERE p.business_id = $1 AND p.tag_ids @> ARRAY[$2::uuid]) AS count`,
        [businessId, id, name ?? null, colour ?? null],
      );
      if (!row) throw notFound("Tag");
      const segments = name ? await renameTagInSegments(tx, businessId, before.name, row.name) : [];
      await recordAudit(tx, {
        businessId,
        action: "tag.update",
        targetType: "tag",
        targetId: id,
        data: segments.length ? { ...parsed.data, from: before.name, segments } : parsed.data,
      });
      return view(row);
    });
  } catch (err) {
    if (name && isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

/**
 * Deletes a tag and takes it off every profile. A tag a segment names is not deleted: a 409
 * naming the segments (they would match nothing, silently); take it out of them first.
 */
export async function deleteTag(ctx: Ctx, businessId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("Tag");
  await inTransaction(ctx, async (tx) => {
    await lockSegments(tx, businessId);
    const [tag] = await rawQuery<{ name: string }>(
      tx.db,
      `SELECT name FROM tags WHERE business_id = $1 AND id = $2`,
      [businessId, id],
    );
    if (!tag) throw notFound("Tag");
    const segments = await segmentsNamingTag(tx, businessId, tag.name);
    if (segments.length)
      throw usedBySegments(
        `The tag ${tag.name}`,
        segments,
        "take it out of their definitions (or delete them) first",
      );
    const rows = await rawQuery<{ name: string }>(
      tx.db,
      `DELETE FROM tags WHERE business_id = $1 AND id = $2 RETURNING name`,
      [businessId, id],
    );
    if (rows.length === 0) throw notFound("Tag");
    // After the delete: a write holding the tag (ensureTags) has committed by now, so its
    // profiles are among these.
    await rawQuery(
      tx.db,
      `UPDATE profiles SET tag_ids = array_remove(tag_ids, $2::uuid)
       WHERE business_id = $1 AND tag_ids @> ARRAY[$2::uuid]`,
      [businessId, id],
    );
    await recordAudit(tx, {
      businessId,
      action: "tag.delete",
      targetType: "tag",
      targetId: id,
      data: { name: rows[0]!.name },
    });
  });
}
