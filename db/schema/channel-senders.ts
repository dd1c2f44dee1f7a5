import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { businessIdColumn, updatedAtColumn } from "./columns";

/**
 * What people call a sender of a business: a chatapp phoneNumberId's display name and number,
 * the RCS agent's name. The sender ids stay in business_channels.config (the send path reads
 * them there); a sender without a row here is shown by its id. Filled by the simulator when a
 * business is made and by the console's channel settings (lib/senders).
 */
export const channelSenders = pgTable(
  "channel_senders",
  {
    businessId: businessIdColumn(),
    channel: text("channel", { enum: ["chatapp", "rcs"] }).notNull(),
    sender: text("sender").notNull(),
    displayName: text("display_name"),
    /** E.164 digits without "+" (chatapp numbers); null for an RCS agent. */
    displayNumber: text("display_number"),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.channel, t.sender] })],
);
