import { sql } from "drizzle-orm";
import { jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, updatedAtColumn } from "./columns";

/**
 * A business's saved audience filters (docs/audiences.md, "Segments"): a name (unique per
 * business whatever the case) and a definition (lib/audiences/segments/definition.ts), stored
 * as sent and checked again against the business's tags and attributes whenever it is counted
 * or launched on.
 */
export const segments = pgTable(
  "segments",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    definition: jsonb("definition").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex("segments_business_name_unique").on(t.businessId, sql`lower(${t.name})`)],
);
