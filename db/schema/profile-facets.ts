import { sql } from "drizzle-orm";
import { numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

/** Attribute slots a business may use: one per definition (MAX_ATTRIBUTES_PER_BUSINESS). */
export const ATTRIBUTE_SLOTS = 100;

const slotColumns = () =>
  Object.fromEntries(
    Array.from({ length: ATTRIBUTE_SLOTS }, (_, i) => [
      [`n${i + 1}`, numeric(`n${i + 1}`)],
      [`s${i + 1}`, text(`s${i + 1}`)],
    ]).flat(),
  ) as Record<`n${number}`, ReturnType<typeof numeric>> & Record<`s${number}`, ReturnType<typeof text>>;

/**
 * The typed copy a segment reads of each profile's tags and attribute values
 * (docs/audiences.md, "Storage and indexes"): one narrow row per profile that has tags or
 * values, kept by statement triggers on profiles in the statement that writes the profile
 * (migration 0057), so no writer can leave it behind. An attribute's values sit in the columns of
 * its definition's `slot`: `n<slot>` for number (and boolean, as 1/0), `s<slot>` for text
 * (lower-cased), choice and date (yyyy-mm-dd; the column's collation is "C", so text order is
 * date order). profiles.attributes and profiles.tag_ids stay what the pages show.
 */
export const profileFacets = pgTable(
  "profile_facets",
  {
    businessId: uuid("business_id").notNull(),
    profileId: uuid("profile_id").notNull(),
    tagIds: uuid("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...slotColumns(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.profileId] })],
);
