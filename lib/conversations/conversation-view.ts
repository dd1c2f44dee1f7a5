import type { ConversationRow } from "./conversation-row";
import type { ConversationView } from "./schemas";
import { windowClosesAt } from "./service-window";

const secs = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

export function conversationView(row: ConversationRow): ConversationView {
  const closes = windowClosesAt(row.channel, row.last_customer_message_at);
  return {
    id: row.id,
    channel: row.channel,
    sender: row.sender,
    subscriberId: row.customer,
    customerName: row.display_name !== undefined ? row.display_name : row.customer_name,
    state: row.state,
    assigneeId: row.assignee_id,
    teamId: row.team_id,
    lastAgentId: row.last_agent_id,
    unread: row.unread,
    lastMessageAt: secs(row.last_message_at),
    lastMessagePreview: row.last_message_preview,
    lastCustomerMessageAt: secs(row.last_customer_message_at),
    windowClosesAt: closes ? secs(closes) : null,
    createdAt: secs(row.created_at),
  };
}
