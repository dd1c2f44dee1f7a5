export type ConversationRow = {
  id: string;
  business_id: string;
  channel: "chatapp" | "rcs";
  sender: string;
  customer: string;
  customer_name: string | null;
  /** The name shown (customer-name.ts), when the query read it; else customer_name is. */
  display_name?: string | null;
  state: "open" | "pending" | "resolved";
  assignee_id: string | null;
  team_id: string | null;
  last_agent_id: string | null;
  last_customer_message_at: Date;
  last_message_at: Date;
  last_message_preview: string | null;
  unread: number;
  assigned_at: Date | null;
  resolved_at: Date | null;
  created_at: Date;
};
