import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, forbidden, invalidInput, isUniqueViolation, notFound } from "../errors";
import { isUuid, uuidv7 } from "../ids";
import { SavedReplyInput, type SavedReply } from "./saved-reply-schema";

/** Every business user uses saved replies; the staff (not agents) write them. */
const staffOnly = (ctx: Ctx) => {
  if (ctx.actor.type !== "user" || ctx.actor.role === "AGENT" || ctx.actor.role === "OPERATOR")
    throw forbidden("Only a business's staff write saved replies");
};

const taken = (name: string) =>
  new AppError("conflict", `A saved reply named /${name} exists already`, [
    { path: "name", message: `/${name} is taken` },
  ]);

/** The business's saved replies by name (the composer's `/name` shortcuts). */
export async function listSavedReplies(ctx: Ctx, businessId: string): Promise<SavedReply[]> {
  return rawQuery<SavedReply>(
    ctx.db,
    `SELECT id, name, text FROM saved_replies WHERE business_id = $1 ORDER BY name LIMIT 500`,
    [businessId],
  );
}

/** Adds a saved reply; a name already taken is a 409 that says so. */
export async function createSavedReply(ctx: Ctx, businessId: string, raw: unknown): Promise<SavedReply> {
  staffOnly(ctx);
  const parsed = SavedReplyInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name, text } = parsed.data;
  const id = uuidv7();
  try {
    await inTransaction(ctx, (tx) =>
      rawQuery(
        tx.db,
        `INSERT INTO saved_replies (id, business_id, name, text, created_by) VALUES ($1, $2, $3, $4, $5)`,
        [id, businessId, name, text, ctx.actor.type === "user" ? ctx.actor.id : null],
      ),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(name);
    throw err;
  }
  return { id, name, text };
}

/** Changes a saved reply's name or text; another business's is a 404, a taken name a 409. */
export async function updateSavedReply(
  ctx: Ctx,
  businessId: string,
  id: string,
  raw: unknown,
): Promise<SavedReply> {
  staffOnly(ctx);
  if (!isUuid(id)) throw notFound("Saved reply");
  const parsed = SavedReplyInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name, text } = parsed.data;
  try {
    const rows = await inTransaction(ctx, (tx) =>
      rawQuery<SavedReply>(
        tx.db,
        `UPDATE saved_replies SET name = $3, text = $4 WHERE business_id = $1 AND id = $2 RETURNING id, name, text`,
        [businessId, id, name, text],
      ),
    );
    if (!rows[0]) throw notFound("Saved reply");
    return rows[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(name);
    throw err;
  }
}

/** Removes one of the business's saved replies (404 for another business's). */
export async function deleteSavedReply(ctx: Ctx, businessId: string, id: string): Promise<void> {
  staffOnly(ctx);
  if (!isUuid(id)) throw notFound("Saved reply");
  const rows = await rawQuery(
    ctx.db,
    `DELETE FROM saved_replies WHERE business_id = $1 AND id = $2 RETURNING id`,
    [businessId, id],
  );
  if (rows.length === 0) throw notFound("Saved reply");
}
