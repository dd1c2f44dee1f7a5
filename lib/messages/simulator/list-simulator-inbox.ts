import { z } from "zod";
import type { OutboundMessage } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { preview, type MessagePreview } from "../content/message-preview";
import { requireRecipient } from "../../phone/international";
import type { MessageStatus } from "../schemas";

export const listSimulatorInboxInput = z.object({
  businessId: z.string().uuid(),
  phone: z.string().trim().min(1),
  limit: z.number().int().min(1).max(500).default(100),
});

/** What the virtual phone shows for one received message. */
export type InboxMessage = {
  messageId: string;
  transactionId: string;
  channel: "chatapp" | "rcs";
  sender: string;
  status: MessageStatus;
  templateName: string;
  /** Chatapp: the bubble (and a carousel's cards); RCS: the card, `title` included. */
  preview: MessagePreview;
  createdAt: number;
  sentAt: number | null;
  deliveredAt: number | null;
  readAt: number | null;
  failedAt: number | null;
  failedReason: string | null;
  errorCode: string | null;
  /** Read/fail buttons apply (simulator messages that are not final yet). */
  actionable: boolean;
};

type Row = {
  id: string;
  transaction_id: string;
  channel: "chatapp" | "rcs";
  sender: string;
  status: MessageStatus;
  template_name: string;
  provider: string;
  content: OutboundMessage["content"];
  components: ChatappComponent[] | null;
  created_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  failed_reason: string | null;
  error_code: string | null;
};

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The virtual phone: what a test number received from the business, over each channel, newest first. */
export async function listSimulatorInbox(
  ctx: Ctx,
  raw: z.input<typeof listSimulatorInboxInput>,
): Promise<InboxMessage[]> {
  const input = listSimulatorInboxInput.parse(raw);
  const phone = requireRecipient(input.phone, "phone");
  const rows = await rawQuery<Row>(
    ctx.db,
    `SELECT m.id, m.transaction_id, m.channel, m.sender, m.status, m.template_name, m.provider, m.content,
       t.components, m.created_at, m.sent_at, m.delivered_at, m.read_at, m.failed_at, m.failed_reason, m.error_code
     FROM messages m LEFT JOIN templates t ON t.business_id = m.business_id AND t.id = m.template_id
     WHERE m.business_id = $1 AND m.recipient = $2 ORDER BY m.id DESC LIMIT $3`,
    [input.businessId, phone, input.limit],
  );
  return rows.map((r) => ({
    messageId: r.id,
    transactionId: r.transaction_id,
    channel: r.channel,
    sender: r.sender,
    status: r.status,
    templateName: r.template_name,
    preview: preview(r.content, r.components ?? []),
    createdAt: secs(r.created_at)!,
    sentAt: secs(r.sent_at),
    deliveredAt: secs(r.delivered_at),
    readAt: secs(r.read_at),
    failedAt: secs(r.failed_at),
    failedReason: r.failed_reason,
    errorCode: r.error_code,
    actionable: r.provider === "simulator" && ["accepted", "sent", "delivered"].includes(r.status),
  }));
}
