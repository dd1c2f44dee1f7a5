import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { loadViewer, visibleWhere } from "./viewer";

/**
 * The menu's Inbox count: conversations with customer messages nobody has answered yet that
 * are the user's own or waiting for an agent among those it sees (resolved ones aside).
 */
export async function countUnread(ctx: Ctx, businessId: string): Promise<number> {
  const viewer = await loadViewer(ctx, businessId);
  if (!viewer.userId) return 0;
  const v = visibleWhere(viewer, 3);
  const [row] = await rawQuery<{ n: number }>(
    ctx.db,
    `SELECT count(*)::int AS n FROM conversations c
     WHERE c.business_id = $1 AND c.state <> 'resolved' AND c.unread > 0
       AND (c.assignee_id = $2 OR c.assignee_id IS NULL) AND ${v.sql}`,
    [businessId, viewer.userId, ...v.params],
  );
  return row?.n ?? 0;
}
