import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz, updatedAtColumn } from "./columns";
import { messageChannels } from "./messages";
import { promotionStatuses } from "./statuses";
import type { StoredAbTest } from "./ab-test";

/**
 * Recipient states. `pending`: waiting for its round's send; `queued`: its message row exists
 * (dispatch owns it from there); then the message's status mirrored (sent, delivered, read,
 * failed); `optout`: on the business's opt-out list, never sent; `non_rcs`: the capability
 * check said not RCS-capable (and no fallback); `expired`: never sent before promotionEndTime;
 * `cancelled`: the promotion was cancelled or stopped for good before it was sent; `holdout`:
 * drawn into an A/B test's holdout (arm 0), never sent by design (docs/economics.md); `held`:
 * kept for an A/B test's winner (arm -1) until its test period ends, then `pending`.
 */
export const recipientStates = [
  "pending",
  "queued",
  "sent",
  "delivered",
  "read",
  "failed",
  "optout",
  "non_rcs",
  "expired",
  "cancelled",
  "holdout",
  "held",
] as const;

/** A named, reusable set of recipients of one business (E1's `?name=`). */
export const targetLists = pgTable(
  "target_lists",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    /** Header names as uploaded (trimmed), in file order; `phoneColumn` is one of them. */
    columns: jsonb("columns").$type<string[]>().notNull(),
    phoneColumn: text("phone_column").notNull(),
    rowCount: integer("row_count").notNull().default(0),
    rejectedCount: integer("rejected_count").notNull().default(0),
    createdBy: uuid("created_by"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex("target_lists_business_name_idx").on(t.businessId, t.name)],
);

/**
 * One accepted row of a list. `phone` is E.164 digits without '+'; `cells` holds the row's cells
 * of the list's named columns (what `${column}` refers to).
 *
 * Partitioned by list (migration `list_rows_by_list`, not expressible in drizzle): each list's
 * rows are a table of their own (`listRowsTable`), loaded by COPY before it has an index and
 * then given its primary key (row_number) and attached, so a million-row upload builds its key
 * once, sorted, instead of inserting into a b-tree (and logging it) row by row. Readers query
 * target_list_rows with the list's id: PostgreSQL reads only that list's partition.
 */
export const targetListRows = pgTable("target_list_rows", {
  // No foreign key: its per-row check cost the list's COPY about half its time. A statement
  // trigger on target_lists empties the rows of deleted lists instead (migration
  // `list_rows_by_list`), and writers hold the list row FOR KEY SHARE as the key did.
  listId: uuid("list_id").notNull(),
  businessId: uuid("business_id").notNull(),
  /** 1-based data row number in the uploaded file (header excluded); the partition's key. */
  rowNumber: integer("row_number").notNull(),
  phone: text("phone").notNull(),
  /**
   * The row's cells of the named columns, in the order of target_lists.columns (whose
   * lower-cased names are their keys), joined by U+001F (`LIST_CELL_SEPARATOR`; a cell holding
   * one is refused at upload): one text value per row, which PostgreSQL stores without the
   * per-element work of an array. Read with split_part / string_to_array (list-cells.ts).
   */
  cells: text("cells").notNull(),
});

/** A rejected row of a list upload: its row number and why (invalid phone, duplicate, ...). */
export const targetListRejects = pgTable(
  "target_list_rejects",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => targetLists.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull(),
    rowNumber: integer("row_number").notNull(),
    reason: text("reason").notNull(),
    /** The raw phone cell (truncated), so a business can find the row. */
    phone: text("phone"),
  },
  (t) => [primaryKey({ columns: [t.listId, t.rowNumber] })],
);

/**
 * A promotion (E1) or a batched RCS campaign (C1, `kind = 'rcs_campaign'`). The record's fields
 * are the spec's "Promotion record" and "full promotion record".
 */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    kind: text("kind", { enum: ["promotion", "rcs_campaign"] }).notNull(),
    name: text("name").notNull(),
    channelType: text("channel_type", { enum: messageChannels }).notNull(),
    status: text("status", { enum: promotionStatuses }).notNull(),
    /** Why the promotion stopped or ended when not by a user (e.g. template category changed). */
    statusReason: text("status_reason"),
    /** The dashboard user who launched it (null for an API launch: see createdByApiKey). */
    createdBy: uuid("created_by"),
    /** The API key that launched it (null for a dashboard launch), for the campaigns table. */
    createdByApiKey: uuid("created_by_api_key"),
    promotionType: text("promotion_type").notNull().default("IMMEDIATE"),
    targetSource: text("target_source").notNull().default("CSV"),
    targetListId: uuid("target_list_id"),
    targetListName: text("target_list_name"),
    flowId: text("flow_id"),
    flowName: text("flow_name"),
    promotionBase: text("promotion_base"),
    attributionWindow: integer("attribution_window").notNull().default(24),
    /** chatapp: the sending phoneNumberId; rcs: the agent id. */
    phoneNumberId: text("phone_number_id"),
    templateId: uuid("template_id"),
    /** The record's `template` object: {name, id, language, category, components}. */
    template: jsonb("template"),
    promotionEndTime: timestamptz("promotion_end_time"),
    startTime: timestamptz("start_time"),
    mostRecentStartTime: timestamptz("most_recent_start_time"),
    scheduleTime: timestamptz("schedule_time"),
    tagSearchCriteria: text("tag_search_criteria").notNull().default("ANY"),
    retryPromotion: boolean("retry_promotion").notNull().default(false),
    maxRetries: integer("max_retries").notNull().default(0),
    retriesLeft: integer("retries_left").notNull().default(0),
    /** The retry round being sent: 0 is the first send, 1 the first retry, ... */
    currentRound: integer("current_round").notNull().default(0),
    batchSize: integer("batch_size").notNull().default(0),
    batchTimer: integer("batch_timer").notNull().default(0),
    staggered: boolean("staggered").notNull().default(false),
    subscriberLimitPerGroup: integer("subscriber_limit_per_group").notNull().default(0),
    callCampaign: boolean("call_campaign").notNull().default(false),
    utilityTemplateIndex: integer("utility_template_index").notNull().default(0),
    stopOnCategoryUpdate: boolean("stop_on_category_update").notNull().default(false),
    /**
     * Links in the recipients' messages become tracked links (`/l/<code>`, docs/economics.md).
     * On for new campaigns; campaigns from before migration 0047 keep sending as they were.
     */
    trackClicks: boolean("track_clicks").notNull().default(true),
    /** RCS campaigns: the chatapp template and sender for numbers that are not RCS-capable. */
    fallback: jsonb("fallback"),
    /**
     * An A/B test (E1's `abTest`, lib/promotions/ab): its variants (each a checked template and
     * its components), the holdout share and the seed of the assignment. NULL: one template.
     */
    abTest: jsonb("ab_test").$type<StoredAbTest>(),
    /**
     * An A/B test sending its winner to the rest: its test period in hours (from start_time)
     * while the winner is still to be picked; NULL once picked, and without one. The winner
     * job scans the promotions where it is set (lib/promotions/ab/send-winner.ts).
     */
    abWinnerHours: integer("ab_winner_hours"),
    /** The scheduler's next due time for this promotion (staggered batches, retry delay). */
    nextRunAt: timestamptz("next_run_at"),
    /**
     * Engine pacing (non-staggered sends): the time up to which messages were created at the
     * sender's rate; the next tick creates (now + ahead - pacedUntil) x rate more.
     */
    pacedUntil: timestamptz("paced_until"),
    /**
     * When the current round had nothing left to send but still waited for statuses (NULL while
     * it sends): after PROMOTIONS_ROUND_TIMEOUT_SECONDS from here, its silent messages fail.
     */
    roundDrainedAt: timestamptz("round_drained_at"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("promotions_business_created_idx").on(t.businessId, t.channelType, t.id),
    // Due: to step (Scheduled, Active), or to prepare (a launch on a large list, Preparing).
    index("promotions_due_idx")
      .on(t.nextRunAt)
      .where(sql`${t.status} in ('Preparing', 'Scheduled', 'Active')`),
    // The engine's expiry pass: running or stopped promotions with an end time.
    index("promotions_expiry_idx")
      .on(t.promotionEndTime)
      .where(sql`${t.status} in ('Preparing', 'Scheduled', 'Active', 'Stopped')`),
    // The winner job's scan: the few A/B tests whose winner is still to be picked.
    index("promotions_ab_winner_idx")
      .on(t.startTime)
      .where(sql`${t.abWinnerHours} is not null`),
    // A conversion's A/B holdouts: the business's tests whose window (from start_time) may hold it.
    index("promotions_ab_start_idx")
      .on(t.businessId, t.startTime)
      .where(sql`${t.abTest} is not null`),
  ],
);

/** A batch of an RCS campaign (C2). */
export const promotionBatches = pgTable(
  "promotion_batches",
  {
    id: uuid("id").primaryKey(),
    businessId: uuid("business_id").notNull(),
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    templateId: uuid("template_id").notNull(),
    components: jsonb("components").notNull(),
    doCapability: boolean("do_capability").notNull(),
    /** checking -> ready (recipients may be sent) */
    state: text("state", { enum: ["checking", "ready"] }).notNull(),
    total: integer("total").notNull(),
    rcsCount: integer("rcs_count"),
    nonRcsCount: integer("non_rcs_count"),
    fallback: jsonb("fallback"),
    /**
     * The seq of the batch's first recipient: each batch reserves `total` seqs from here, so
     * recipients of concurrent batches never collide (assigned under the promotion's row lock).
     */
    firstSeq: bigint("first_seq", { mode: "number" }).notNull().default(0),
    /**
     * While `checking`: the accepted subscribers [{seq, phone, vars}] waiting for the capability
     * check. They become recipients only once checked, so the engine (which sends `pending`
     * recipients) can never send an unchecked number; cleared when the batch is ready.
     */
    awaiting: jsonb("awaiting").$type<Array<{ seq: number; phone: string; vars: Record<string, string> }>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("promotion_batches_promotion_idx").on(t.businessId, t.promotionId, t.id)],
);

/**
 * One recipient of a promotion. `seq` orders sending (the list's row number, or the order of a
 * C2 batch). `${key}` refers to the list row's columns, or to C2's `extras` (`vars`).
 */
export const promotionRecipients = pgTable(
  "promotion_recipients",
  {
    // No foreign key: its per-row check was a third of a launch's INSERT. A statement trigger
    // on promotions deletes the recipients of deleted promotions instead (migration
    // `cascade_by_statement`), and writers hold the promotion row (FOR KEY SHARE or stronger).
    promotionId: uuid("promotion_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    businessId: uuid("business_id").notNull(),
    batchId: uuid("batch_id"),
    phone: text("phone").notNull(),
    name: text("name"),
    language: text("language"),
    subscriberId: text("subscriber_id"),
    /**
     * C2 batches' own values. NULL for a list's recipients: their values are the list row
     * (list_id = the promotion's target_list_id, row_number = seq), read at send time, so a
     * launch does not write every row's columns a second time. The list outlives a
     * replacement or deletion while a promotion refers to it (lib/promotions/lists/drop-list.ts).
     */
    vars: jsonb("vars").$type<Record<string, string>>(),
    state: text("state", { enum: recipientStates }).notNull().default("pending"),
    /**
     * RCS campaigns: not RCS-capable, sent instead through the chatapp fallback (the batch's or
     * the campaign's `fallback`: template name, language and phoneNumberId).
     */
    viaFallback: boolean("via_fallback").notNull().default(false),
    /**
     * A/B test arm, drawn at launch (lib/promotions/ab/assign-arms-sql.ts): 0 = holdout (state
     * `holdout`), 1..4 = the variant of that position, -1 = kept for the winner (state `held`, then
     * sent the winner's variant). NULL without a test (and for opt-outs).
     */
    arm: smallint("arm"),
    /** The round of its latest send (0 = first send); RetryCount of the E3 report. */
    round: integer("round").notNull().default(0),
    messageId: uuid("message_id"),
    errorCode: text("error_code"),
    error: text("error"),
    /** A reply or button press after its message (E4 `interacted`). */
    interacted: boolean("interacted").notNull().default(false),
    /**
     * A conversion was credited to its A/B arm: attributed to its message (a variant's, the
     * rest's) or, in the holdout, its number converted in the campaign's window. Its arm's
     * `converted` counts it once (promotion_arm_counters).
     */
    converted: boolean("converted").notNull().default(false),
    /** Claimed by a scheduler worker until then (a worker that died leaves it to expire). */
    lockedUntil: timestamptz("locked_until"),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.seq] }),
    uniqueIndex("promotion_recipients_phone_idx").on(t.promotionId, t.phone),
    index("promotion_recipients_message_idx")
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    // The campaign page's recipients table, filtered by state or error code, in list order
    // (and its failures by code): one index range per filter, whatever the campaign's size.
    // Also the engine's: its pending recipients in seq order (the round is a filter: a round
    // starts when the last one has no pending recipient left). A separate partial index of the
    // pending ones cost every launched recipient one more index insert (~1.8 s per million).
    index("promotion_recipients_state_idx").on(t.promotionId, t.state, t.seq),
    index("promotion_recipients_error_idx")
      .on(t.promotionId, t.errorCode, t.seq)
      .where(sql`${t.errorCode} is not null`),
    // Inbound replies are attributed to recipients by business and number (E4 `interacted`).
    index("promotion_recipients_business_phone_idx")
      .on(t.businessId, t.phone)
      .where(sql`${t.messageId} is not null`),
  ],
);

/**
 * One send of a recipient in one round: the database's guarantee that a recipient is sent at
 * most once per round, even when a worker dies mid-batch.
 */
export const promotionSends = pgTable(
  "promotion_sends",
  {
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    round: integer("round").notNull(),
    messageId: uuid("message_id").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.seq, t.round] })],
);

/**
 * E4 counters per promotion and round, maintained as recipients' states move (never a COUNT at
 * read time). Each recipient counts once per round under its furthest status.
 */
export const promotionCounters = pgTable(
  "promotion_counters",
  {
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    businessId: uuid("business_id").notNull(),
    attempted: integer("attempted").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    read: integer("read").notNull().default(0),
    interacted: integer("interacted").notNull().default(0),
    optout: integer("optout").notNull().default(0),
    /**
     * Round 0 only: rows of the list refused at launch (invalid, duplicate, or an empty cell
     * of a column a variable takes its value from). The list's rows = recipients + refused.
     */
    refused: integer("refused").notNull().default(0),
    /** Round 0 only: recipients drawn into an A/B test's holdout (never sent, never failed). */
    holdout: integer("holdout").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.round] })],
);

/**
 * A promotion's messages per minute of creation and current status, for the campaign page's
 * chart: it must not scan `messages` (a campaign of 1,000,000). Rows are DELTAS (+n, -n),
 * appended by statement-level triggers on `messages` for messages whose transaction is a
 * promotion (migration `promotion_minute_stats`), like message_stats for the overview.
 */
export const promotionMinuteStats = pgTable(
  "promotion_minute_stats",
  {
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull(),
    minute: timestamptz("minute").notNull(),
    status: text("status").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [index("promotion_minute_stats_promotion_idx").on(t.promotionId, t.minute)],
);

/** Numbers that asked not to receive promotions (STOP replies, API, dashboard). */
export const optOuts = pgTable(
  "opt_outs",
  {
    businessId: businessIdColumn(),
    /** E.164 digits without '+'. */
    phone: text("phone").notNull(),
    source: text("source", { enum: ["reply", "api", "dashboard", "import"] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.phone] })],
);
