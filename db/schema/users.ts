import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, updatedAtColumn } from "./columns";
import { businesses } from "./businesses";

export const userRoles = ["OPERATOR", "BUSINESS_ADMIN", "MANAGER", "AGENT", "BRANCH_ADMIN"] as const;
export const userStatuses = ["Available", "Busy", "InCall", "Away", "Disabled"] as const;

/**
 * Dashboard users. Operators run the service (business_id null); the other roles belong to
 * one business. E-mails are unique case-insensitively across the whole service because one
 * sign-in form serves everybody.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: userRoles }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    phoneNumber: text("phone_number"),
    supervisorId: uuid("supervisor_id"),
    branchId: text("branch_id"),
    status: text("status", { enum: userStatuses }).notNull().default("Available"),
    /** Status to return to when a call ends. */
    statusBeforeCall: text("status_before_call", { enum: userStatuses }),
    callingEnabled: boolean("calling_enabled").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Bumped on disable/password change: sessions carrying an older value are rejected. */
    sessionVersion: integer("session_version").notNull().default(1),
    /** The user's own settings (lib/users/user-preferences.ts: new chat sound and notification). */
    preferences: jsonb("preferences").notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_business_idx").on(t.businessId, t.role),
  ],
);
