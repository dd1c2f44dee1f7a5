import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import type { ConversationRow } from "./conversation-row";
import { customerNameSql } from "./customer-name";
import { visibleWhere, type Viewer } from "./viewer";

/**
 * The conversation if the viewer sees it (locked when asked), else 404: a conversation beyond
 * one's share is as absent as one of another business.
 */
export async function findVisible(
  ctx: Ctx,
  businessId: string,
  viewer: Viewer,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound("Conversation");
  const v = visibleWhere(viewer, 3);
  const [row] = await rawQuery<ConversationRow>(
    ctx.db,
    `SELECT c.*, ${customerNameSql("c")} AS display_name FROM conversations c WHERE c.business_id = $1 AND c.id = $2 AND ${v.sql}
     ${opts.forUpdate ? "FOR UPDATE OF c" : ""}`,
    [businessId, id, ...v.params],
  );
  if (!row) throw notFound("Conversation");
  return row;
}
