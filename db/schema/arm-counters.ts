import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { promotions } from "./promotions";

/**
 * A campaign's report numbers per A/B arm (docs/economics.md, "How it is read"), kept by the
 * statements that change them, so the variants report and the click report read a few rows
 * instead of counting the campaign's recipients, links and clicks. `arm` is the recipient's
 * (0 the holdout, 1-4 the variants, -1 the rest kept for the winner) or -2 (NO_ARM) for the
 * recipients in no arm: a campaign without a test, whose row holds only its links and clicks.
 * lib/promotions/ab/arm-counters.int.test.ts checks them against a recount of the rows.
 */
export const promotionArmCounters = pgTable(
  "promotion_arm_counters",
  {
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    arm: smallint("arm").notNull(),
    businessId: uuid("business_id").notNull(),
    /** Recipients drawn into the arm, at launch (0 in the NO_ARM row). */
    recipients: integer("recipients").notNull().default(0),
    /** Drawn recipients whose state is delivered or read; read; interacted (a reply or button). */
    delivered: integer("delivered").notNull().default(0),
    read: integer("read").notNull().default(0),
    replied: integer("replied").notNull().default(0),
    /** Recipients with at least one human click (each counted at its first), and every human click. */
    clicked: integer("clicked").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    /** Link-preview fetches and bot requests (never clicks). */
    previews: integer("previews").notNull().default(0),
    bots: integer("bots").notNull().default(0),
    /** Tracked links made at send, and the recipients (by number) that got at least one. */
    links: integer("links").notNull().default(0),
    linked: integer("linked").notNull().default(0),
    /**
     * Drawn recipients with a conversion credited to the arm (promotion_recipients.converted),
     * the conversion events credited, and their values per currency ({"INR": "1499.0000"}).
     */
    converted: integer("converted").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
    revenue: jsonb("revenue")
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.arm] })],
);

/**
 * A campaign's link requests per UTC hour with any (the click report's `hourly`), kept by the
 * click writer: human clicks, the numbers with a human click in that hour (each counted at its
 * first in the hour), previews and bots.
 */
export const promotionClickHours = pgTable(
  "promotion_click_hours",
  {
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    hour: timestamptz("hour").notNull(),
    businessId: uuid("business_id").notNull(),
    clicks: integer("clicks").notNull().default(0),
    clickers: integer("clickers").notNull().default(0),
    previews: integer("previews").notNull().default(0),
    bots: integer("bots").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.hour] })],
);
