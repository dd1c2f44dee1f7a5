import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Dashboard sessions signed out before they expired, by the session id in their JWT. A JWT
 * stays valid until it expires, so signing out has to be remembered here: the session's cookie
 * re-set by a response already in flight, or copied elsewhere, opens nothing afterwards. Rows
 * go once the session would have expired anyway. Not business data: no business_id.
 */
export const endedSessions = pgTable("ended_sessions", {
  sid: uuid("sid").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
