import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz } from "./columns";

/** How a request to a tracked link was classified (lib/economics/links/agent-class.ts). */
export const agentClasses = ["human", "preview", "bot"] as const;

/**
 * A tracked link (docs/economics.md, "Clicks"): one per recipient's message and original URL,
 * answered at `/l/<code>` with a 302 to `url`. The code is the key: unguessable (120 random
 * bits, base64url), so the redirect finds the row, and its business, by the code alone.
 */
export const trackedLinks = pgTable(
  "tracked_links",
  {
    code: text("code").primaryKey(),
    businessId: businessIdColumn(),
    promotionId: uuid("promotion_id"),
    /** The recipient's seq in its promotion (NULL for a link outside a campaign). */
    seq: bigint("seq", { mode: "number" }),
    /** E.164 digits without "+". */
    phone: text("phone").notNull(),
    messageId: uuid("message_id"),
    /** The URL the link stands for: the redirect's target, the request's query appended. */
    url: text("url").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // A campaign's links, by number: the campaign report's count of recipients with links is
    // an index-only scan in phone order (a sort of a million phones spilled to disk before).
    index("tracked_links_promotion_phone_idx")
      .on(t.businessId, t.promotionId, t.phone)
      .where(sql`${t.promotionId} is not null`),
  ],
);

/**
 * One request to a tracked link, as the redirect saw it (written in batches from an in-process
 * queue, so the redirect never waits for it). Only `human` requests are clicks; previews
 * (WhatsApp's, Slack's, ... crawlers) and bots are kept apart and counted apart.
 */
export const linkClicks = pgTable(
  "link_clicks",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    code: text("code").notNull(),
    promotionId: uuid("promotion_id"),
    phone: text("phone").notNull(),
    messageId: uuid("message_id"),
    clickedAt: timestamptz("clicked_at").notNull(),
    agentClass: text("agent_class", { enum: agentClasses }).notNull(),
    /** The request's User-Agent, at most 256 characters. */
    userAgent: text("user_agent"),
  },
  (t) => [
    index("link_clicks_promotion_idx")
      .on(t.businessId, t.promotionId, t.phone)
      .where(sql`${t.promotionId} is not null`),
    // A subscriber's clicks (its page's activity, a segment's "clicked" condition) by number.
    index("link_clicks_phone_idx").on(t.businessId, t.phone, t.clickedAt),
  ],
);
