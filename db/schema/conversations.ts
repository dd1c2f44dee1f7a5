import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz, updatedAtColumn } from "./columns";
import { businesses } from "./businesses";
import { messageChannels } from "./messages";
import { teams } from "./teams";
import { users } from "./users";

export const conversationStates = ["open", "pending", "resolved"] as const;
export const conversationEventTypes = [
  "opened",
  "assigned",
  "transferred",
  "unassigned",
  "resolved",
  "reopened",
  "pending",
  "customer_changed",
] as const;

/**
 * One customer number with one sender of the business (a chatapp phoneNumberId or the RCS
 * agent). Its messages are not copied here: the timeline is read from `messages` (sender +
 * recipient) and `inbound_messages` (to + from), so a campaign send or a test send belongs to
 * the conversation without a second write on the hot send path. `last_customer_message_at`
 * opens the service window (docs/conversations.md).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    channel: text("channel", { enum: messageChannels }).notNull(),
    /** chatapp: phoneNumberId; rcs: agent id. */
    sender: text("sender").notNull(),
    /** The customer: E.164 digits without '+'. */
    customer: text("customer").notNull(),
    /** The profile name the provider last reported for the customer. */
    customerName: text("customer_name"),
    state: text("state", { enum: conversationStates }).notNull().default("open"),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** The team that handles the sender when the conversation was routed (null: all agents). */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    /** The agent a returning customer goes back to (kept when the conversation is resolved). */
    lastAgentId: uuid("last_agent_id").references(() => users.id, { onDelete: "set null" }),
    lastCustomerMessageAt: timestamp("last_customer_message_at", { withTimezone: true }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    lastMessagePreview: text("last_message_preview"),
    /** Customer messages since an agent last read or answered the conversation. */
    unread: integer("unread").notNull().default(0),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("conversations_customer_sender_idx").on(t.businessId, t.channel, t.sender, t.customer),
    // A subscriber's conversations on every channel and sender (its page's activity).
    index("conversations_customer_idx").on(t.businessId, t.customer),
    index("conversations_business_last_idx").on(t.businessId, t.state, t.lastMessageAt),
    index("conversations_assignee_idx")
      .on(t.businessId, t.assigneeId, t.state)
      .where(sql`${t.assigneeId} is not null`),
    index("conversations_unassigned_idx")
      .on(t.businessId, t.createdAt)
      .where(sql`${t.assigneeId} is null and ${t.state} <> 'resolved'`),
  ],
);

/** `conversation_id` of a conversation's notes and events, deleted with it. */
const conversationIdColumn = () =>
  uuid("conversation_id")
    .notNull()
    .references(() => conversations.id, { onDelete: "cascade" });

/** Internal notes on a conversation: never sent to the customer. */
export const conversationNotes = pgTable(
  "conversation_notes",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    conversationId: conversationIdColumn(),
    /** `user` or `api_key`. */
    authorType: text("author_type").notNull(),
    authorId: text("author_id").notNull(),
    text: text("text").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("conversation_notes_conversation_idx").on(t.businessId, t.conversationId, t.id)],
);

/** What happened to a conversation and who did it (a user, an API key, or routing itself). */
export const conversationEvents = pgTable(
  "conversation_events",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    conversationId: conversationIdColumn(),
    type: text("type", { enum: conversationEventTypes }).notNull(),
    /** `user`, `api_key` or `system` (routing). */
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    fromUserId: uuid("from_user_id"),
    toUserId: uuid("to_user_id"),
    /** customer_changed: `{ from, to, reason }`, the customer's addresses before and after. */
    detail: jsonb("detail"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("conversation_events_conversation_idx").on(t.businessId, t.conversationId, t.id),
    // Routing's tie-break: how long since each agent's last assignment.
    index("conversation_events_assignee_idx")
      .on(t.businessId, t.toUserId, t.createdAt)
      .where(sql`${t.toUserId} is not null`),
  ],
);

/**
 * A business's inbox settings: the per-agent limit of open (open or pending) conversations and
 * which team handles which sender (`{ "<channel>:<sender>": "<teamId>" }`; a sender not named
 * is handled by all agents).
 */
export const conversationSettings = pgTable("conversation_settings", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  openLimit: integer("open_limit").notNull().default(20),
  senderTeams: jsonb("sender_teams").notNull().default({}),
  updatedAt: updatedAtColumn(),
});

/**
 * A business's saved replies: a text an agent inserts in the composer by its shortcut
 * (`/name`). Names are unique per business, lower case.
 */
export const savedReplies = pgTable(
  "saved_replies",
  {
    id: uuid("id").primaryKey(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    text: text("text").notNull(),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_replies_business_name_idx").on(t.businessId, t.name)],
);

/**
 * Each agent's open conversations (assigned, not resolved) and when one was last given to
 * them: what routing orders agents by (lib/conversations/pick-agent.ts), kept by a trigger on
 * `conversations` (migration 0036) so a pick reads one row per agent instead of counting each
 * agent's open conversations.
 */
export const agentLoads = pgTable(
  "agent_loads",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: businessIdColumn(),
    open: integer("open").notNull().default(0),
    lastAssignedAt: timestamptz("last_assigned_at"),
  },
  (t) => [index("agent_loads_business_idx").on(t.businessId)],
);
