import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn } from "./columns";
import { profiles } from "./profiles";

/** The types a custom attribute's values are validated by (lib/audiences/attribute-values.ts). */
export const attributeTypes = ["text", "number", "date", "boolean", "choice"] as const;
export type AttributeType = (typeof attributeTypes)[number];

/**
 * A business's subscriber tags (docs/audiences.md): named (unique per business whatever the
 * case, so "VIP" and "vip" are one tag) and coloured (a palette name or #rrggbb).
 */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    colour: text("colour").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("tags_business_name_unique").on(t.businessId, sql`lower(${t.name})`)],
);

/**
 * Legacy: which profile had which tag, before tags lived on the profile (profiles.tag_ids,
 * migration 0054). Nothing writes it; the list housekeeping moves its rows onto the profiles
 * and deletes them (lib/audiences/move-legacy-profile-tags.ts). A later release drops it.
 */
export const profileTags = pgTable(
  "profile_tags",
  {
    businessId: uuid("business_id").notNull(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.tagId] }),
    index("profile_tags_business_tag_idx").on(t.businessId, t.tagId),
  ],
);

/**
 * The custom attributes a business defines: `key` is what profiles.attributes holds the value
 * under, `type` how every write validates it, `choices` the allowed values of a `choice`.
 */
export const attributeDefinitions = pgTable(
  "attribute_definitions",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    key: text("key").notNull(),
    label: text("label").notNull(),
    type: text("type", { enum: attributeTypes }).notNull(),
    choices: text("choices").array(),
    /**
     * Which columns of profile_facets hold its values (n<slot>, s<slot>): the lowest slot free
     * in the business, given by a trigger when the row is inserted (migration 0057).
     */
    slot: smallint("slot").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("attribute_definitions_business_key_unique").on(t.businessId, t.key),
    uniqueIndex("attribute_definitions_business_slot_unique").on(t.businessId, t.slot),
  ],
);
