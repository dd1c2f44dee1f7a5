import { and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL } from "drizzle-orm";
import { messages } from "@/db/schema/index";
import { getDefaultCountry } from "../../businesses/get-default-country";
import { getTimeZone } from "../../businesses/get-time-zone";
import type { Ctx } from "../../context";
import { isUuid } from "../../ids";
import { numberPrefixes } from "../../profiles/number-prefixes";
import {
  createdRange,
  messageSearchFilters,
  type MessageListRow,
  type MessageSearchForm,
} from "./search-schemas";

export type MessageSearch = {
  filters?: MessageSearchForm;
  /** Free text of the table's search box: an id, a number, or part of a template name. */
  q?: string;
  sort?: { id: string; desc: boolean } | null;
  limit: number;
  offset: number;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the business's messages, newest first by default, and the number of matches. */
export async function searchMessages(
  ctx: Ctx,
  businessId: string,
  input: MessageSearch,
): Promise<{ rows: MessageListRow[]; total: number }> {
  const f = messageSearchFilters.parse(input.filters ?? {});
  const m = messages;
  const q = input.q?.trim();
  const typedNumber = q && /^\+?\d+$/.test(q) && !isUuid(q);
  // National numbers typed into the filters are read with the business's default country.
  const country = f.number || typedNumber ? await getDefaultCountry(ctx, businessId) : null;
  const recipientLike = (typed: string) =>
    or(...numberPrefixes(typed, country).map((p) => like(m.recipient, `${p}%`)))!;
  const where: SQL[] = [eq(m.businessId, businessId)];
  if (f.number) where.push(recipientLike(f.number));
  if (f.transactionId) where.push(eq(m.transactionId, f.transactionId));
  if (f.messageId) where.push(eq(m.id, f.messageId));
  if (f.template) where.push(ilike(m.templateName, `%${likeEscape(f.template)}%`));
  if (f.status) where.push(eq(m.status, f.status));
  if (f.from || f.to) {
    // The filters are wall times in the business's zone, as the dashboard shows times.
    const range = createdRange(f, await getTimeZone(ctx, businessId));
    if (range.from) where.push(gte(m.createdAt, range.from));
    if (range.before) where.push(lt(m.createdAt, range.before));
  }
  if (q) {
    if (isUuid(q)) where.push(or(eq(m.id, q), eq(m.transactionId, q))!);
    else if (typedNumber) where.push(recipientLike(q));
    else where.push(ilike(m.templateName, `%${likeEscape(q)}%`));
  }
  const sortCol =
    input.sort?.id === "recipient"
      ? m.recipient
      : input.sort?.id === "status"
        ? m.status
        : input.sort?.id === "templateName"
          ? m.templateName
          : m.id; // ids are UUIDv7: creation order
  const dir = input.sort && !input.sort.desc ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: m.id,
        transactionId: m.transactionId,
        channel: m.channel,
        recipient: m.recipient,
        msgType: m.msgType,
        templateName: m.templateName,
        status: m.status,
        errorCode: m.errorCode,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
      })
      .from(m)
      .where(and(...where))
      .orderBy(dir(sortCol), desc(m.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: count() })
      .from(m)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
