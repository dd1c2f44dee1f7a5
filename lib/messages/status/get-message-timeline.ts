import { and, asc, eq } from "drizzle-orm";
import { messageEvents, messages } from "@/db/schema/index";
import { getDelivery, listDeliveries } from "../../callbacks/list-deliveries";
import type { AttemptView, DeliveryView } from "../../callbacks/schemas";
import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";

export type MessageDetail = typeof messages.$inferSelect;
export type MessageEventView = {
  id: string;
  status: string;
  outcome: string;
  source: string;
  errorCode: string | null;
  reason: string | null;
  details: string | null;
  occurredAt: Date;
  receivedAt: Date;
};
export type MessageTimeline = {
  message: MessageDetail;
  events: MessageEventView[];
  /** Message-status callbacks of this message, oldest first, each with its attempts. */
  callbacks: Array<DeliveryView & { attemptLog: AttemptView[] }>;
};

/** How many callback deliveries the message page shows (per endpoint and status: a handful). */
const MAX_DELIVERIES = 100;

/** A message of the business with every status event recorded for it and its callbacks. */
export async function getMessageTimeline(
  ctx: Ctx,
  businessId: string,
  messageId: string,
): Promise<MessageTimeline> {
  if (!isUuid(messageId)) throw notFound("Message");
  const [message] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.businessId, businessId), eq(messages.id, messageId)));
  if (!message) throw notFound("Message");
  const e = messageEvents;
  const events = await ctx.db
    .select({
      id: e.id,
      status: e.status,
      outcome: e.outcome,
      source: e.source,
      errorCode: e.errorCode,
      reason: e.reason,
      details: e.details,
      occurredAt: e.occurredAt,
      receivedAt: e.receivedAt,
    })
    .from(e)
    .where(and(eq(e.businessId, businessId), eq(e.messageId, messageId)))
    .orderBy(asc(e.receivedAt), asc(e.occurredAt), asc(e.id));
  const { deliveries } = await listDeliveries(ctx, businessId, {
    subjectId: messageId,
    event: "message.status",
    limit: MAX_DELIVERIES,
  });
  const callbacks = await Promise.all(deliveries.map((d) => getDelivery(ctx, businessId, d.id)));
  callbacks.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return { message, events, callbacks };
}
