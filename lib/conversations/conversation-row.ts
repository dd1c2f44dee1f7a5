import type { conversations } from "@/db/schema";
import type { Ctx } from "../context";
import type { RowOf } from "../db/row-of";
import { rawQuery } from "../db/sql";

/** A conversation as raw SQL reads it (lib/db/row-of.ts: derived from the Drizzle table). */
export type ConversationRow = RowOf<typeof conversations> & {
  /** The name shown (customer-name.ts), when the query read it; else customer_name is. */
  display_name?: string | null;
};

/** One conversation of the business, optionally locked for the caller's transaction. */
export async function findConversation(
  ctx: Ctx,
  businessId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ConversationRow | undefined> {
  const [row] = await rawQuery<ConversationRow>(
    ctx.db,
    `SELECT * FROM conversations WHERE business_id = $1 AND id = $2${opts.forUpdate ? " FOR UPDATE" : ""}`,
    [businessId, id],
  );
  return row;
}
