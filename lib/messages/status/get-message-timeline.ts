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
  /** Null for a step read from the message's stamp (its event is not kept: see below). */
  source: string | null;
  errorCode: string | null;
  reason: string | null;
  details: string | null;
  occurredAt: Date;
  receivedAt: Date | null;
};
export type MessageTimeline = {
  message: MessageDetail;
  events: MessageEventView[];
  /** Message-status callbacks of this message, oldest first, each with its attempts. */
  callbacks: Array<DeliveryView & { attemptLog: AttemptView[] }>;
};

/** How many callback deliveries the message page shows (per endpoint and status: a handful). */
const MAX_DELIVERIES = 100;

/**
 * A message of the business with its status events (those recorded, and the steps its stamps
 * say it reached) and its callbacks.
 */
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
  const all = [...events, ...stepsFromStamps(message, events)].sort(
    (a, b) =>
      (a.receivedAt ?? a.occurredAt).getTime() - (b.receivedAt ?? b.occurredAt).getTime() ||
      a.occurredAt.getTime() - b.occurredAt.getTime(),
  );
  const { deliveries } = await listDeliveries(ctx, businessId, {
    subjectId: messageId,
    event: "message.status",
    limit: MAX_DELIVERIES,
  });
  const callbacks = await Promise.all(deliveries.map((d) => getDelivery(ctx, businessId, d.id)));
  callbacks.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return { message, events: all, callbacks };
}

const STEP_STAMPS = [
  ["sent", "sentAt"],
  ["delivered", "deliveredAt"],
  ["read", "readAt"],
] as const;

/**
 * The sent, delivered and read steps the message reached by an event that simply applied them:
 * such events are not written (apply-status-events.ts, writeRecords), the message's stamp is
 * their time. A step with an event row (implied, or written before that change) is not repeated.
 */
function stepsFromStamps(message: MessageDetail, recorded: MessageEventView[]): MessageEventView[] {
  const shown = new Set(
    recorded.filter((e) => e.outcome === "applied" || e.outcome === "implied").map((e) => e.status),
  );
  return STEP_STAMPS.flatMap(([status, stamp]) => {
    const at = message[stamp];
    if (!at || shown.has(status)) return [];
    return [
      {
        id: `${message.id}:${status}`,
        status,
        outcome: "applied",
        source: null,
        errorCode: null,
        reason: null,
        details: null,
        occurredAt: at,
        receivedAt: null,
      },
    ];
  });
}
