import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { PromotionStatus } from "../state-machine";
import { campaignSortable, type CampaignFilters } from "./campaign-filters";

export type CampaignRow = {
  id: string;
  name: string;
  channel: "chatapp" | "rcs";
  kind: "promotion" | "rcs_campaign";
  status: PromotionStatus;
  template: string | null;
  /** Recipients that can be sent (opted-out ones left out). */
  total: number;
  /** Reached the phone: sent, delivered or read. */
  sent: number;
  delivered: number;
  read: number;
  createdAt: Date;
  /** The user's name (or e-mail) for a dashboard launch, the key's name for an API launch. */
  createdBy: { kind: "user" | "api_key"; name: string; detail: string | null } | null;
};

const orderBy: Record<(typeof campaignSortable)[number], string> = {
  name: "lower(p.name)",
  channel: "p.channel_type",
  status: "p.status",
  createdAt: "p.id",
};

/** A row as the SQL returns it: the fields CampaignRow names alike, then those it renames or combines. */
type Raw = Pick<
  CampaignRow,
  "id" | "name" | "kind" | "status" | "template" | "total" | "sent" | "delivered" | "read"
> & {
  channel_type: CampaignRow["channel"];
  created_at: Date;
  user_name: string | null;
  user_email: string | null;
  key_name: string | null;
};

/**
 * The dashboard's campaigns table: promotions and RCS campaigns of both channels, searched by
 * name, filtered by channel, status and creation day (in the business's time zone), sorted and
 * paged on the server. Counters come from promotion_counters (never a count over messages);
 * the recipient total is counted for the page's rows only.
 */
export async function listCampaigns(
  ctx: Ctx,
  businessId: string,
  input: {
    filters: CampaignFilters;
    q: string;
    sort: { id: string; desc: boolean } | null;
    limit: number;
    offset: number;
    timeZone: string;
  },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const values: unknown[] = [businessId];
  const where = ["p.business_id = $1"];
  const add = (clause: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(clause(`$${values.length}`));
  };
  const { filters: f } = input;
  let zoneParam = "";
  const zone = () => {
    if (!zoneParam) {
      values.push(input.timeZone);
      zoneParam = `$${values.length}::text`;
    }
    return zoneParam;
  };
  if (input.q) add((n) => `p.name ILIKE ${n}`, `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.channel) add((n) => `p.channel_type = ${n}`, f.channel);
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  // A day starts at midnight in the business's time zone.
  if (f.from) add((n) => `p.created_at >= ${n}::date::timestamp AT TIME ZONE ${zone()}`, f.from);
  if (f.to) add((n) => `p.created_at < (${n}::date + 1)::timestamp AT TIME ZONE ${zone()}`, f.to);
  const sortId = campaignSortable.find((s) => s === input.sort?.id) ?? "createdAt";
  const dir = input.sort && !input.sort.desc ? "ASC" : "DESC";
  const order = `${orderBy[sortId]} ${dir}, p.id DESC`;
  const page = [...values, input.limit, input.offset];
  const [rows, [count]] = await Promise.all([
    rawQuery<Raw>(
      ctx.db,
      `WITH matched AS (
       SELECT p.* FROM promotions p
       WHERE ${where.join(" AND ")}
       ORDER BY ${order} LIMIT $${page.length - 1} OFFSET $${page.length}
     )
     SELECT p.id, p.name, p.channel_type, p.kind, p.status, p.created_at,
       coalesce(p.template->>'name', (
         SELECT t.name FROM promotion_batches b JOIN templates t ON t.id = b.template_id
         WHERE b.business_id = p.business_id AND b.promotion_id = p.id ORDER BY b.id DESC LIMIT 1
       )) AS template,
       (SELECT count(*)::int FROM promotion_recipients r
         WHERE r.promotion_id = p.id AND r.state NOT IN ('optout', 'holdout')) AS total,
       coalesce(c.sent, 0)::int AS sent, coalesce(c.delivered, 0)::int AS delivered,
       coalesce(c.read, 0)::int AS read,
       nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_name, u.email AS user_email,
       k.name AS key_name
     FROM matched p
     LEFT JOIN users u ON u.id = p.created_by AND u.business_id = p.business_id
     LEFT JOIN api_keys k ON k.id = p.created_by_api_key AND k.business_id = p.business_id
     LEFT JOIN LATERAL (
       SELECT sum(sent + delivered + read) AS sent, sum(delivered + read) AS delivered, sum(read) AS read
       FROM promotion_counters WHERE promotion_id = p.id AND business_id = p.business_id
     ) c ON true
     ORDER BY ${order}`,
      page,
    ),
    rawQuery<{ n: number }>(
      ctx.db,
      `SELECT count(*)::int AS n FROM promotions p WHERE ${where.join(" AND ")}`,
      values,
    ),
  ]);
  return { rows: rows.map(toRow), total: count?.n ?? 0 };
}

function toRow(r: Raw): CampaignRow {
  const createdBy =
    r.user_email !== null
      ? {
          kind: "user" as const,
          name: r.user_name ?? r.user_email,
          detail: r.user_name ? r.user_email : null,
        }
      : r.key_name !== null
        ? { kind: "api_key" as const, name: r.key_name, detail: "API key" }
        : null;
  return {
    id: r.id,
    name: r.name,
    channel: r.channel_type,
    kind: r.kind,
    status: r.status,
    template: r.template,
    total: r.total,
    sent: r.sent,
    delivered: r.delivered,
    read: r.read,
    createdAt: new Date(r.created_at),
    createdBy,
  };
}
