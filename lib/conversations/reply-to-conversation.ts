import type { OutboundMessage } from "../channels/message-provider";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { AppError, conflict, forbidden, invalid, invalidInput } from "../errors";
import { uuidv7 } from "../ids";
import { requireSender } from "../messages/dispatch/sender-channel";
import { commitSend, type CommitOptions } from "../messages/send/commit-send";
import { sendRcsMessage } from "../messages/send/send-rcs-message";
import { sendTemplateMessage } from "../messages/send/send-template-message";
import { sendableTemplate } from "../messages/send/sendable-template";
import { templateMessage } from "../messages/schemas";
import { isOptedOut } from "../promotions/opt-outs/filter-opted-out";
import { stopActiveRun } from "../flows/engine/stop-run";
import { findVisible } from "./find-visible";
import { publishChange } from "./publish-change";
import { recordEvent } from "./record-event";
import { publishReplyMedia } from "./reply-media";
import { ReplyInput, type ReplyResult } from "./reply-schemas";
import { windowOpen } from "./service-window";
import { loadViewer, mayReassign } from "./viewer";

/**
 * An agent's (or an API key's) message to the customer of a conversation, from its sender,
 * through the same pipeline as every send (stored with its dispatch job in one commit, sender
 * limits, statuses, callbacks, Idempotency-Key at the API edge). Free-form text or media only
 * while the service window is open; a template at any time, but never a marketing template to
 * an opted-out customer. An agent replying to a waiting conversation takes it.
 */
export async function replyToConversation(
  ctx: Ctx,
  businessId: string,
  id: string,
  raw: unknown,
  opts: Pick<CommitOptions, "idempotency"> = {},
): Promise<ReplyResult> {
  const parsed = ReplyInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const viewer = await loadViewer(tx, businessId);
    let conv = await findVisible(tx, businessId, viewer, id, { forUpdate: true });
    const holder = viewer.userId === null || conv.assignee_id === viewer.userId;
    if (!holder && conv.assignee_id !== null && !(await mayReassign(tx, viewer, conv)))
      throw forbidden("This conversation is another agent's");

    let sent: { transactionId: string; messageId: string };
    let preview: string;
    if (input.type === "template") {
      const t = input.template;
      if (conv.channel === "chatapp") {
        const template = await sendableTemplate(tx, {
          businessId,
          channel: "chatapp",
          name: t.name,
          language: t.language,
        });
        if (template.category === "MARKETING" && (await isOptedOut(tx, businessId, conv.customer)))
          throw conflict("The customer opted out: marketing templates are not sent to them");
        sent = await sendTemplateMessage(
          tx,
          businessId,
          {
            to: conv.customer,
            phoneNumberId: conv.sender,
            message: t,
          },
          opts,
        );
      } else {
        if (await isOptedOut(tx, businessId, conv.customer))
          throw conflict("The customer opted out: templates are not sent to them on RCS");
        const rcs = templateMessage.safeParse(t);
        if (!rcs.success) throw invalidInput(rcs.error, "Invalid request", "template.");
        sent = await sendRcsMessage(
          tx,
          businessId,
          { to: conv.customer, toPath: "to", message: rcs.data },
          opts,
        );
      }
      preview = `[template ${t.name}]`;
    } else {
      if (!windowOpen(conv.channel, conv.last_customer_message_at))
        throw new AppError(
          "conflict",
          "The customer service window is closed (24 hours after the customer's last message): send an approved template",
        );
      if (input.type === "media") await checkMediaLink(tx, businessId, input.link);
      const content: OutboundMessage["content"] =
        input.type === "text"
          ? conv.channel === "chatapp"
            ? { kind: "text", text: input.text }
            : { kind: "rcs_text", text: input.text }
          : {
              kind: "media",
              mediaType: input.mediaType,
              link: input.link,
              caption: input.caption ?? null,
              fileName: input.fileName ?? null,
            };
      sent = await sendFreeForm(tx, businessId, conv, content, opts);
      preview = input.type === "text" ? input.text : `[${input.mediaType}]`;
    }

    // A person answering stops the conversation's flow run: they are in charge now.
    if (viewer.userId !== null) await stopActiveRun(tx, businessId, conv.id, "an agent answered");
    // Answering takes a waiting conversation; the customer's messages count as read.
    const takes = conv.assignee_id === null && viewer.userId !== null;
    const [after] = await rawQuery<typeof conv>(
      tx.db,
      `UPDATE conversations SET last_message_at = greatest(last_message_at, $3), last_message_preview = $4,
         unread = 0, assignee_id = coalesce(assignee_id, $5), last_agent_id = coalesce($5, last_agent_id),
         assigned_at = CASE WHEN $5::uuid IS NULL THEN assigned_at ELSE now() END, updated_at = now()
       WHERE business_id = $1 AND id = $2 RETURNING *`,
      [businessId, conv.id, new Date(), preview.slice(0, 140), takes ? viewer.userId : null],
    );
    if (takes) await recordEvent(tx, after!, { type: "assigned", toUserId: viewer.userId });
    conv = after!;
    await publishChange(tx, {
      businessId,
      conversationId: conv.id,
      kind: "message",
      assigneeId: conv.assignee_id,
      teamId: conv.team_id,
    });
    return sent;
  });
}

/** One of our uploads (published from now on), or the business's own https address. */
async function checkMediaLink(tx: Ctx, businessId: string, link: string): Promise<void> {
  if (await publishReplyMedia(tx, businessId, link)) return;
  if (!link.startsWith("https://"))
    throw invalid("Invalid request", [{ path: "link", message: "A public https URL" }]);
}

export async function sendFreeForm(
  tx: Ctx,
  businessId: string,
  conv: { channel: "chatapp" | "rcs"; sender: string; customer: string },
  content: OutboundMessage["content"],
  opts: Pick<CommitOptions, "idempotency">,
): Promise<{ transactionId: string; messageId: string }> {
  const { settings, sender } = await requireSender(
    tx,
    businessId,
    conv.channel,
    conv.channel === "chatapp" ? conv.sender : undefined,
  );
  const transactionId = uuidv7();
  const messageId = uuidv7();
  const response = { transactionId, messageId };
  await commitSend(
    tx,
    {
      id: transactionId,
      businessId,
      kind: conv.channel === "chatapp" ? "single" : "rcs",
      channel: conv.channel,
      templateId: null,
      templateName: null,
      language: null,
      total: 1,
    },
    [
      {
        id: messageId,
        businessId,
        transactionId,
        channel: conv.channel,
        sender,
        recipient: conv.customer,
        msgType:
          content.kind === "media"
            ? content.mediaType
            : content.kind === "interactive"
              ? "interactive"
              : "text",
        templateId: null,
        templateName: "",
        language: "",
        content,
        messageRef: transactionId,
        provider: settings.provider,
      },
    ],
    response,
    opts,
  );
  return response;
}
