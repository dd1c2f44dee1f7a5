import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed dashboard sign-ins per account and per client address, shared by every instance
 * (docs/architecture.md rule 12). `key` is a SHA-256 of "account:<e-mail>" or "address:<ip>", so the table
 * does not collect the e-mails an attacker types. Not business data: no business_id.
 */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});
