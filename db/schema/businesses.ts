import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /**
     * ISO 3166-1 alpha-2 region for phone numbers people type without a country code (users,
     * calls, profiles without `countrycode`, dashboard filters). NULL: no default, numbers must
     * carry their country code (what every business had before the column existed).
     */
    defaultCountry: text("default_country"),
    /**
     * IANA time zone of the business (promotion expiry's default midnight, E3 report timestamps,
     * dashboard times). UTC unless the business sets one.
     */
    timeZone: text("time_zone").notNull().default("UTC"),
    /**
     * The numbers "Send a test" goes to (E.164 digits, no "+"): an admin's own phone, simulator
     * numbers picked on the virtual phone. Never filled from what was sent, so a test cannot
     * reach a customer by a suggestion (docs/decisions/send-a-test.md).
     */
    /**
     * "Require opt-in for marketing" (docs/audiences.md, "Consent ledger"): when on, marketing
     * template sends and campaigns refuse numbers whose latest marketing consent event is not an
     * opt-in ("no marketing consent"). Off by default: what every business did before.
     */
    requireMarketingOptIn: boolean("require_marketing_opt_in").notNull().default(false),
    /**
     * How a conversion finds its campaign (docs/economics.md, "Attribution"): `last_touch`, the
     * last campaign message the number was sent within that campaign's window (what every
     * business had before the column existed), or `last_click`, the campaign of the number's
     * last human click of a tracked link within the window.
     */
    attributionModel: text("attribution_model", { enum: ["last_touch", "last_click"] })
      .notNull()
      .default("last_touch"),
    testNumbers: jsonb("test_numbers").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("businesses_default_country_check", sql`${t.defaultCountry} ~ '^[A-Z]{2}$'`),
    check("businesses_attribution_model_check", sql`${t.attributionModel} IN ('last_touch', 'last_click')`),
  ],
);

/** One row per business and channel; `config` is validated by lib/businesses/schemas.ts. */
export const businessChannels = pgTable(
  "business_channels",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["chatapp", "rcs"] }).notNull(),
    enabled: boolean("enabled").notNull().default(false),
    provider: text("provider").notNull().default("simulator"),
    config: jsonb("config").notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.channel] })],
);
