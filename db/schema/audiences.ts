import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
 * Which profile has which tag; a tag's count is its rows (index by business and tag). No
 * foreign key on business_id: the profile's and the tag's keys delete the row with either
 * (and so with the business), and each key costs F1 a check per tag written (as for
 * list_rows, migration 0023).
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
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("attribute_definitions_business_key_unique").on(t.businessId, t.key)],
);
