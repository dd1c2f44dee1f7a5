import type { RowOf } from "../../db/row-of";
import type { targetLists } from "@/db/schema";
import type { Executor } from "../../db/pool";
import { rawQuery, transaction } from "../../db/sql";

/**
 * The hidden name of a list that was replaced or deleted while promotions still refer to it:
 * their recipients read their variables from its rows at send time (promotion_recipients.vars
 * is NULL for a list's recipients). U+0001 keeps it out of every list view and lookup by name.
 */
export const RETIRED_NAME_PREFIX = "\u0001retired ";

/**
 * Takes the business's list called `name` (or with id `id`) out of use: deleted with its rows
 * and rejects when no promotion refers to it, else renamed to a hidden retired name so the
 * promotions launched on it keep their values (removeUnusedRetiredLists deletes it once none
 * refers to it). Returns the name it had, or undefined when there was no such visible list.
 *
 * The list row is locked first: a launch on it holds it FOR SHARE until its recipients are
 * committed, so this waits for it, and the check for promotions (a later statement, so a later
 * snapshot) then sees that launch's promotion. A launch that comes after finds the list gone or
 * renamed and is refused (launchPromotion).
 */
export async function dropList(
  executor: Executor,
  input: { businessId: string } & ({ name: string } | { id: string }),
): Promise<{ name: string } | undefined> {
  const [by, key] = "name" in input ? ["name", input.name] : ["id", input.id];
  return transaction(executor, async (tx) => {
    const [list] = await rawQuery<Pick<RowOf<typeof targetLists>, "id" | "name">>(
      tx,
      `SELECT id, name FROM target_lists WHERE business_id = $1 AND ${by} = $2 AND left(name, 1) <> chr(1)
       FOR UPDATE`,
      [input.businessId, key],
    );
    if (!list) return undefined;
    const [used] = await rawQuery(
      tx,
      "SELECT 1 FROM promotions WHERE business_id = $1 AND target_list_id = $2 LIMIT 1",
      [input.businessId, list.id],
    );
    await rawQuery(
      tx,
      used
        ? "UPDATE target_lists SET name = $2 || id::text, updated_at = now() WHERE id = $1"
        : "DELETE FROM target_lists WHERE id = $1",
      used ? [list.id, RETIRED_NAME_PREFIX] : [list.id],
    );
    return { name: list.name };
  });
}

/**
 * Housekeeping: deletes retired lists (rows and rejects with them) that no promotion refers to
 * any more, e.g. when the launch that referred to one failed. Returns how many went.
 */
export async function removeUnusedRetiredLists(executor: Executor): Promise<number> {
  const removed = await rawQuery<{ id: string }>(
    executor,
    `DELETE FROM target_lists l WHERE starts_with(l.name, $1)
       AND NOT EXISTS (SELECT 1 FROM promotions p WHERE p.business_id = l.business_id AND p.target_list_id = l.id)
     RETURNING id`,
    [RETIRED_NAME_PREFIX],
  );
  return removed.length;
}
