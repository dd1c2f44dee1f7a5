import { and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL } from "drizzle-orm";
import { messages, templates } from "@/db/schema/index";
import type { OutboundMessage } from "../../channels/message-provider";
import { getDefaultCountry } from "../../businesses/get-default-country";
import { getTimeZone } from "../../businesses/get-time-zone";
import type { Ctx } from "../../context";
import { isUuid } from "../../ids";
import { errorReason } from "./error-reasons";
import { numberPrefixes } from "../../phone/number-prefixes";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { preview } from "../content/message-preview";
import {
  createdRange,
  messageSearchFilters,
  type MessageListRow,
  type MessageSearchForm,
} from "./search-schemas";

export type MessageSearch = {
  filters?: MessageSearchForm;
  /** Free text of the search box: an id, a number, or part of a template name (else filters.q). */
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
  const q = (input.q ?? f.q).trim();
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
        failedReason: m.failedReason,
        content: m.content,
        components: templates.components,
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
      })
      .from(m)
      // The template's texts, read with the message's business (never another tenant's row),
      // make the row's summary: what the recipient read, not only the template's name.
      .leftJoin(templates, and(eq(templates.businessId, m.businessId), eq(templates.id, m.templateId)))
      .where(and(...where))
      .orderBy(dir(sortCol), desc(m.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: count() })
      .from(m)
      .where(and(...where)),
  ]);
  return {
    rows: rows.map(({ failedReason, content, components, ...r }) => ({
      ...r,
      summary: firstLine(content, components),
      reason: r.status === "failed" || r.status === "error" ? failureReason(r.errorCode, failedReason) : null,
    })),
    total: total?.n ?? 0,
  };
}

/** The first line the recipient read (a card's title, else its text): the list's "what was sent". */
function firstLine(content: unknown, components: unknown): string {
  try {
    const p = preview(content as OutboundMessage["content"], (components as ChatappComponent[] | null) ?? []);
    const text = p.title || p.text || p.cards?.[0]?.text || "";
    return (text.split("\n").find((l) => l.trim() !== "") ?? "").trim().slice(0, 200);
  } catch {
    // Content written before a format change: the list still shows the row, without a summary.
    return "";
  }
}

/**
 * Why a message failed, in the words of the reasons table (the overview's), or the provider's
 * own reason when the table does not know the code.
 */
function failureReason(code: string | null, providerReason: string | null): string {
  const known = errorReason(code ?? "");
  const unknown = !code || known.startsWith("Unknown error code");
  return unknown && providerReason ? providerReason : known;
}
