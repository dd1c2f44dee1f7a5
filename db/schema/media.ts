import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn } from "./columns";

/**
 * Which business uploaded which content. The bytes live in the media store keyed by SHA-256
 * (lib/media); this row is what lets a business read a hash back, so one business can never
 * fetch another's upload by guessing or learning its hash.
 */
export const mediaObjects = pgTable(
  "media_objects",
  {
    businessId: businessIdColumn(),
    sha256: text("sha256").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    fileName: text("file_name"),
    /** When a conversation reply first sent it to a customer: from then on it is served publicly. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.sha256] })],
);
