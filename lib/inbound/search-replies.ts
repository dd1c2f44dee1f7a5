import { getDefaultCountry } from "../businesses/get-default-country";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { numberPrefixes } from "../phone/number-prefixes";

/** A customer's message in the replies inbox, with the last message the business sent before it. */
export type ReplyRow = {
  id: string;
  from: string;
  channel: "chatapp" | "rcs";
  type: string;
  text: string | null;
  receivedAt: Date;
  lastSent: { id: string; templateName: string; msgType: string; status: string; createdAt: Date } | null;
};

export const replySortable = ["receivedAt", "from"] as const;

/**
 * "+91 98123 40002", "098123-40002", "(981) 234": a number as people write it, or null when
 * the text is not one (then the search looks in the reply's text).
 */
export function typedNumber(q: string): string | null {
  const compact = q.replace(/[\s().-]/g, "");
  return /^\+?\d{3,15}$/.test(compact) ? compact : null;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the business's customer replies (every provider), newest first by default, with
 * the total. Each row carries the last message sent to that number up to the reply (found by
 * the (business_id, recipient, id) index), so the inbox can link what the customer answered.
 */
export async function searchReplies(
  ctx: Ctx,
  businessId: string,
  input: { q?: string; sort?: { id: string; desc: boolean } | null; limit: number; offset: number },
): Promise<{ rows: ReplyRow[]; total: number }> {
  const q = input.q?.trim() ?? "";
  const number = q ? typedNumber(q) : null;
  const where = ["i.business_id = $1"];
  const params: unknown[] = [businessId];
  if (number) {
    const prefixes = numberPrefixes(number, await getDefaultCountry(ctx, businessId));
    params.push(prefixes.map((p) => `${p}%`));
    where.push(`i."from" LIKE ANY($${params.length}::text[])`);
  } else if (q) {
    params.push(`%${likeEscape(q)}%`);
    where.push(`i.text ILIKE $${params.length}`);
  }
  const dir = input.sort?.desc === false ? "ASC" : "DESC";
  const order =
    input.sort?.id === "from" ? `i."from" ${dir}, i.id DESC` : `i.received_at ${dir}, i.id ${dir}`;
  const filter = where.join(" AND ");
  const [rows, [count]] = await Promise.all([
    rawQuery<{
      id: string;
      from: string;
      channel: "chatapp" | "rcs";
      type: string;
      text: string | null;
      received_at: Date;
      m_id: string | null;
      m_template: string | null;
      m_type: string | null;
      m_status: string | null;
      m_created: Date | null;
    }>(
      ctx.db,
      `SELECT i.id, i."from", i.channel, i.type, i.text, i.received_at,
         m.id AS m_id, m.template_name AS m_template, m.msg_type AS m_type, m.status AS m_status,
         m.created_at AS m_created
       FROM inbound_messages i
       LEFT JOIN LATERAL (
         SELECT id, template_name, msg_type, status, created_at FROM messages
         WHERE business_id = i.business_id AND recipient = i."from" AND created_at <= i.received_at
         ORDER BY id DESC LIMIT 1
       ) m ON true
       WHERE ${filter} ORDER BY ${order}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, input.limit, input.offset],
    ),
    rawQuery<{ n: number }>(
      ctx.db,
      `SELECT count(*)::int AS n FROM inbound_messages i WHERE ${filter}`,
      params,
    ),
  ]);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      from: r.from,
      channel: r.channel,
      type: r.type,
      text: r.text,
      receivedAt: r.received_at,
      lastSent: r.m_id
        ? {
            id: r.m_id,
            templateName: r.m_template ?? "",
            msgType: r.m_type ?? "",
            status: r.m_status ?? "",
            createdAt: r.m_created!,
          }
        : null,
    })),
  };
}
