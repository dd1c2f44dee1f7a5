import { z } from "zod";

export const conversationStateValues = ["open", "pending", "resolved"] as const;

export const ListConversationsInput = z.object({
  /** mine: assigned to the viewer; unassigned: waiting; all: everything the viewer sees. */
  tab: z.enum(["mine", "unassigned", "all"]).default("all"),
  state: z.enum(conversationStateValues).optional(),
  /** Part of the customer's number or name. */
  q: z.string().trim().max(100).optional(),
  teamId: z.uuid().optional(),
  channel: z.enum(["chatapp", "rcs"]).optional(),
  assigneeId: z.uuid().optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListConversationsInput = z.input<typeof ListConversationsInput>;

export const TimelineInput = z.object({
  /** The `nextCursor` of the previous page (older items). */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TimelineInput = z.input<typeof TimelineInput>;

export const AssignInput = z.object({
  /** The agent to hold the conversation; null puts it back to waiting unassigned. */
  assigneeId: z.uuid().nullable(),
});
export type AssignInput = z.infer<typeof AssignInput>;

export const NoteInput = z.object({
  text: z.string().trim().min(1, "Write the note").max(4000, "At most 4,000 characters"),
});
export type NoteInput = z.infer<typeof NoteInput>;

export const StateInput = z.object({ state: z.enum(conversationStateValues) });

export const ConversationView = z.object({
  id: z.string(),
  channel: z.enum(["chatapp", "rcs"]),
  sender: z.string(),
  subscriberId: z.string(),
  customerName: z.string().nullable(),
  state: z.enum(conversationStateValues),
  assigneeId: z.string().nullable(),
  teamId: z.string().nullable(),
  lastAgentId: z.string().nullable(),
  unread: z.number().int(),
  lastMessageAt: z.number().int(),
  lastMessagePreview: z.string().nullable(),
  lastCustomerMessageAt: z.number().int(),
  /** When free-form replies stop being possible (epoch seconds); null: no window applies. */
  windowClosesAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type ConversationView = z.infer<typeof ConversationView>;

/** An image, document, video, audio or sticker a message carries (its address when known). */
export const TimelineMedia = z.object({
  kind: z.enum(["image", "document", "video", "audio", "sticker"]),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type TimelineMedia = z.infer<typeof TimelineMedia>;

export const TimelineItem = z.object({
  kind: z.enum(["inbound", "outbound", "note", "event"]),
  id: z.string(),
  at: z.number().int(),
  text: z.string().nullable(),
  /** inbound: the message type; outbound: msg_type; event: its type. */
  type: z.string(),
  /** outbound: its status. */
  status: z.string().nullable(),
  /** outbound: the template; note/event: who. */
  templateName: z.string().nullable(),
  actor: z.object({ type: z.string(), id: z.string() }).nullable(),
  toUserId: z.string().nullable(),
  /** outbound: the flow that sent it (its name), when a flow did. */
  byFlow: z.string().nullable(),
  /** outbound: the reply buttons or list rows it offered. */
  choices: z.array(z.string()).nullable(),
  /** inbound and outbound: the media it carries, shown with its text (the caption). */
  media: TimelineMedia.nullable(),
});
export type TimelineItem = z.infer<typeof TimelineItem>;
