import type { conversations } from "@/db/schema";
import type { RowOf } from "../db/row-of";

/** A conversation as raw SQL reads it (lib/db/row-of.ts: derived from the Drizzle table). */
export type ConversationRow = RowOf<typeof conversations> & {
  /** The name shown (customer-name.ts), when the query read it; else customer_name is. */
  display_name?: string | null;
};
