import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { z } from "zod";
import { messages } from "@/db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { messageStatuses, type MessageStatus } from "./schemas";

/** Filters of the dashboard's Messages table (all optional; time range in epoch seconds). */
export const listMessagesFilters = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/, "Digits with the country code")
    .transform((v) => v.replace(/^\+/, ""))
    .optional(),
  transactionId: z.uuid().optional(),
  messageId: z.uuid().optional(),
  template: z.string().trim().max(512).optional(),
  status: z.enum(messageStatuses).optional(),
  since: z.coerce.number().int().nonnegative().optional(),
  until: z.coerce.number().int().nonnegative().optional(),
  /** The last id of the previous page (ids are time-ordered). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListMessagesFilters = z.input<typeof listMessagesFilters>;

export type MessageListItem = {
  id: string;
  transactionId: string;
  channel: "chatapp" | "rcs";
  sender: string;
  recipient: string;
  msgType: string;
  templateName: string;
  language: string;
  status: MessageStatus;
  messageRef: string;
  errorCode: string | null;
  failedReason: string | null;
  createdAt: number;
  updatedAt: number;
};

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/** The business's messages, newest first, filtered; `nextCursor` is the `before` of the next page. */
export async function listMessages(
  ctx: Ctx,
  businessId: string,
  raw: ListMessagesFilters = {},
): Promise<{ messages: MessageListItem[]; nextCursor: string | null }> {
  const parsed = listMessagesFilters.safeParse(raw);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new AppError(
      "invalid_request",
      `Invalid filter: ${details[0]!.path}: ${details[0]!.message}`,
      details,
    );
  }
  const f = parsed.data;
  const m = messages;
  const where: SQL[] = [eq(m.businessId, businessId)];
  if (f.phone) where.push(eq(m.recipient, f.phone));
  if (f.transactionId) where.push(eq(m.transactionId, f.transactionId));
  if (f.messageId) where.push(eq(m.id, f.messageId));
  if (f.template) where.push(eq(m.templateName, f.template));
  if (f.status) where.push(eq(m.status, f.status));
  if (f.since !== undefined) where.push(gte(m.createdAt, new Date(f.since * 1000)));
  if (f.until !== undefined) where.push(lte(m.createdAt, new Date(f.until * 1000 + 999)));
  if (f.before) where.push(lt(m.id, f.before));
  const rows = await ctx.db
    .select()
    .from(m)
    .where(and(...where))
    .orderBy(desc(m.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  return {
    messages: page.map((r) => ({
      id: r.id,
      transactionId: r.transactionId,
      channel: r.channel,
      sender: r.sender,
      recipient: r.recipient,
      msgType: r.msgType,
      templateName: r.templateName,
      language: r.language,
      status: r.status,
      messageRef: r.messageRef,
      errorCode: r.errorCode,
      failedReason: r.failedReason,
      createdAt: secs(r.createdAt),
      updatedAt: secs(r.updatedAt),
    })),
    nextCursor: rows.length > f.limit ? page[page.length - 1]!.id : null,
  };
}
