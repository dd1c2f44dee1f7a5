import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { dropDeletedListRows } from "./drop-deleted-list-rows";
import { removeUnusedRetiredLists } from "./drop-list";
import { UPLOAD_NAME_PREFIX } from "./upload-name";

/** An upload older than this is abandoned: the server's requestTimeout (1 h) has ended it. */
export const ABANDONED_UPLOAD_SECONDS = 3600;

/** How often the promotions housekeeping looks for abandoned uploads (lib/wiring.ts). */
export const REMOVE_ABANDONED_UPLOADS_EVERY_MS = 10 * 60_000;

/**
 * Deletes the lists a crashed upload left under its hidden name (ingestList deletes its own on
 * a failure, but not when the process dies mid-upload), with their rows and rejects (cascade),
 * once they are older than ABANDONED_UPLOAD_SECONDS; and the retired lists (replaced or
 * deleted) no promotion refers to any more; then the row tables of the lists gone (here or
 * elsewhere: dropDeletedListRows). Every business's: housekeeping. Returns how many lists went.
 */
export async function removeAbandonedUploads(ctx: Ctx): Promise<number> {
  const removed = await rawQuery<{ id: string }>(
    ctx.db,
    `DELETE FROM target_lists WHERE starts_with(name, $1)
       AND created_at < now() - make_interval(secs => $2) RETURNING id`,
    [UPLOAD_NAME_PREFIX, ABANDONED_UPLOAD_SECONDS],
  );
  const retired = await removeUnusedRetiredLists(ctx.db);
  await dropDeletedListRows(ctx.db);
  return removed.length + retired;
}
