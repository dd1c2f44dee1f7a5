import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, updatedAtColumn } from "./columns";

/**
 * Subscriber profiles (spec F1). `phone` is the normalised E.164 number without the "+"
 * (e.g. 919876543210): one profile per phone within a business, so a re-upload updates.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    phone: text("phone").notNull(),
    countryCode: text("country_code").notNull(),
    name: text("name"),
    age: integer("age"),
    gender: text("gender"),
    dob: date("dob", { mode: "string" }),
    businessSubscriberId: text("business_subscriber_id"),
    city: text("city"),
    /** Custom attribute values by key (db/schema/audiences.ts, attribute_definitions). */
    attributes: jsonb("attributes").$type<Record<string, string | number | boolean>>().notNull().default({}),
    /**
     * The profile's tags (ids of db/schema/audiences.ts `tags`), sorted, no repeats. On the
     * profile, not in a table of pairs, so a segment's tag condition and its attribute
     * conditions are one bitmap AND of two GIN indexes (docs/audiences.md, "Storage and
     * indexes"; the indexes are an operator step: profiles is a large table).
     */
    tagIds: uuid("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("profiles_business_phone_unique").on(t.businessId, t.phone),
    // Listing pages newest first. No index on name: search is ILIKE '%..%', which a btree
    // cannot serve, and every index costs the 1,000-row upserts of F1.
    index("profiles_business_id_idx").on(t.businessId, t.id),
  ],
);
