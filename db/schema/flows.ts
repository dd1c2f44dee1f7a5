import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz, updatedAtColumn } from "./columns";
import { conversations } from "./conversations";

/**
 * A business's automation (lib/flows): its draft definition (lib/flows/definition.ts), edited
 * freely, and the version it runs, published from a draft and never changed after.
 */
export const flows = pgTable(
  "flows",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    draft: jsonb("draft").notNull(),
    /** The version new runs start on; null until the first publish. */
    publishedVersion: integer("published_version"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex("flows_name_idx").on(t.businessId, t.name)],
);

/** A published definition: immutable, what a run started on keeps running. */
export const flowVersions = pgTable(
  "flow_versions",
  {
    businessId: businessIdColumn(),
    flowId: uuid("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    definition: jsonb("definition").notNull(),
    publishedBy: text("published_by").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.version] })],
);

export const flowRunStates = ["running", "waiting", "completed", "handed_over", "failed", "stopped"] as const;

/**
 * One customer's way through one version of a flow, in one conversation. `waiting`: the run
 * waits for the customer's answer to `step_id`. At most one run per conversation is active
 * (running or waiting). `variables` are the run's answers and set values.
 */
export const flowRuns = pgTable(
  "flow_runs",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    flowId: uuid("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    /** The published version; 0 for a test run of the draft ("Try it"), which keeps its definition below. */
    version: integer("version").notNull(),
    /** A "Try it" run of the draft on a virtual-phone test number: left out of the flow's stats. */
    test: boolean("test").notNull().default(false),
    /** A test run's definition (the draft when it started); null for runs of a published version. */
    definition: jsonb("definition"),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    state: text("state", { enum: flowRunStates }).notNull(),
    stepId: text("step_id"),
    /** Answers that did not fit the current question so far. */
    invalidAnswers: integer("invalid_answers").notNull().default(0),
    /**
     * While the run waits on a timer, an HTTP request or an ask's timeout: the id its job carries.
     * A job whose id is no longer here (the run answered, moved on or stopped) does nothing.
     */
    wakeId: uuid("wake_id"),
    /**
     * When the timer the run waits on is due (a `wait`'s end, an ask's timeout), set in the
     * transaction that sets `wake_id`; null while it waits on nothing timed (an answer with no
     * timeout, an HTTP request). The workers' wake scanner takes due runs by it.
     */
    wakeAt: timestamptz("wake_at"),
    variables: jsonb("variables").notNull().default({}),
    endReason: text("end_reason"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    endedAt: timestamptz("ended_at"),
  },
  (t) => [
    uniqueIndex("flow_runs_active_idx")
      .on(t.conversationId)
      .where(sql`${t.state} in ('running', 'waiting')`),
    index("flow_runs_flow_idx").on(t.businessId, t.flowId, t.createdAt),
    // maxRunsPerHour counts a conversation's recent runs.
    index("flow_runs_conversation_idx").on(t.conversationId, t.createdAt),
    // The wake scanner's index: only the runs waiting on a timer, by due time (across businesses).
    index("flow_runs_wake_idx")
      .on(t.wakeAt)
      .where(sql`${t.state} = 'waiting' and ${t.wakeAt} is not null`),
  ],
);

/** What each step of a run did: its input and output, in order (the run's path). */
export const flowRunSteps = pgTable(
  "flow_run_steps",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    runId: uuid("run_id")
      .notNull()
      .references(() => flowRuns.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    type: text("type").notNull(),
    detail: jsonb("detail").notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [index("flow_run_steps_run_idx").on(t.runId, t.id)],
);

export type WeekHours = Array<Array<{ open: string; close: string }>>;

/**
 * A business's opening hours (lib/flows/business-hours): per weekday (0 Sunday .. 6 Saturday)
 * the intervals it is open, in its IANA time zone, and the dates it is closed. No row: always
 * open. `away_text` is the inbox's notice to a customer writing while closed or while no agent
 * is on shift, when no flow took the message.
 */
export const businessHours = pgTable("business_hours", {
  businessId: businessIdColumn().primaryKey(),
  timeZone: text("time_zone").notNull(),
  week: jsonb("week").$type<WeekHours>().notNull(),
  holidays: text("holidays")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  awayText: text("away_text").notNull().default(""),
  updatedAt: updatedAtColumn(),
});

/** The last away notice a conversation got (once per closed period). */
export const awayNotices = pgTable("away_notices", {
  conversationId: uuid("conversation_id")
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  businessId: businessIdColumn(),
  sentAt: timestamptz("sent_at").notNull(),
});
