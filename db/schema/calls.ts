import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, updatedAtColumn } from "./columns";
import { businesses } from "./businesses";
import { users } from "./users";

export const callProviders = ["simulator", "exotel"] as const;
export const callStatuses = [
  "queued",
  "ringing",
  "in-progress",
  "completed",
  "no-answer",
  "busy",
  "failed",
] as const;

/**
 * A business's outbound calling: provider, the registered number calls come from (Exotel's
 * ExoPhone) and provider credentials. No row means the simulator with a number derived from
 * the business id (lib/calls/calling-config.ts).
 */
export const callingSettings = pgTable("calling_settings", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(true),
  provider: text("provider", { enum: callProviders }).notNull().default("simulator"),
  callerId: text("caller_id").notNull(),
  /** exotel: { accountSid, apiKey, apiToken, baseUrl? } */
  config: jsonb("config").notNull().default({}),
  updatedAt: updatedAtColumn(),
});

export type CallLeg = { OnCallDuration: number; Status: string };

/** Outbound calls (spec G9) and what their call data record (CDR) says. */
export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: callProviders }).notNull(),
    providerCallSid: text("provider_call_sid"),
    /** The agent's number: the first leg. */
    fromNumber: text("from_number").notNull(),
    /** The customer's number (`call_to`). */
    toNumber: text("to_number").notNull(),
    callerId: text("caller_id").notNull(),
    status: text("status", { enum: callStatuses }).notNull().default("queued"),
    direction: text("direction").notNull().default("OUTBOUND"),
    recordingUrl: text("recording_url"),
    conversationDuration: integer("conversation_duration").notNull().default(0),
    legs: jsonb("legs").$type<CallLeg[]>().notNull().default([]),
    /** Secret in the provider's status-callback and the recording URL. */
    token: text("token").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("calls_business_idx").on(t.businessId, t.id),
    index("calls_business_user_idx").on(t.businessId, t.userId, t.id),
    uniqueIndex("calls_provider_sid_unique").on(t.provider, t.providerCallSid),
  ],
);
