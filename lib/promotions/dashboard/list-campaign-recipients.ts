import { z } from "zod";
import { recipientStates } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { digitsOnly } from "../../phone/typed-phone";

/**
 * Matches a table pages through at most: the page and its count then walk at most this many
 * index entries, however large the campaign (filters and search narrow beyond it).
 */
export const RECIPIENTS_PAGEABLE = 100_000;

export const campaignRecipientsInput = z.object({
  state: z.enum(recipientStates).optional(),
  errorCode: z.string().trim().max(40).optional(),
  /** Digits of the phone number (a leading '+' and spaces are ignored): prefix match. */
  phone: z.string().max(40).optional(),
  /** List order (seq), or its reverse: both walk the same indexes. */
  desc: z.boolean().default(false),
  limit: z.number().int().min(1).max(100).default(25),
  offset: z.number().int().min(0).max(RECIPIENTS_PAGEABLE).default(0),
});
export type CampaignRecipientsInput = z.input<typeof campaignRecipientsInput>;

export type CampaignRecipient = {
  seq: number;
  phone: string;
  name: string | null;
  state: (typeof recipientStates)[number];
  round: number;
  errorCode: string | null;
  error: string | null;
  viaFallback: boolean;
  updatedAt: Date;
};

/**
 * One page of a campaign's recipients in list order (seq), filtered by state, error code and
 * phone prefix. Every filter has an index leading with promotion_id (the primary key for none,
 * `promotion_recipients_state_idx`, `promotion_recipients_error_idx`, the phone unique index),
 * so a page and its count read only the matching index range, capped at RECIPIENTS_PAGEABLE
 * entries (`capped` says there are more), whatever the campaign's size.
 * The phone prefix is a range on the unique (promotion_id, phone) index: digits sort the same
 * in every collation, and ':' follows '9'.
 * `recipientCount`, when the caller knows it (the launch's account of the list), is the
 * unfiltered total: no count is walked then, which on a large campaign is the page's largest read.
 */
export async function listCampaignRecipients(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  raw: CampaignRecipientsInput,
  recipientCount?: number,
): Promise<{ rows: CampaignRecipient[]; total: number; capped: boolean }> {
  const input = campaignRecipientsInput.parse(raw);
  // Tenancy is checked once against the promotion (an InitPlan), not per row: the ranges
  // below then read only index columns (index-only scans once the visibility map is set).
  const where = ["promotion_id = $1", "EXISTS (SELECT 1 FROM promotions WHERE id = $1 AND business_id = $2)"];
  const params: unknown[] = [promotionId, businessId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll("?", `$${params.length}`));
  };
  if (input.state) add("state = ?", input.state);
  if (input.errorCode) add("error_code = ?", input.errorCode);
  const digits = digitsOnly(input.phone ?? "");
  if (digits) {
    add("phone >= ?", digits);
    add("phone < ?", `${digits}:`);
  }
  const filter = where.join(" AND ");
  const dir = input.desc ? "DESC" : "ASC";
  const known = where.length === 2 ? recipientCount : undefined;
  const [rows, count] = await Promise.all([
    // Deferred join: the offset is walked in the index (seq only), the 25 rows read after.
    rawQuery<CampaignRecipient>(
      ctx.db,
      `SELECT r.seq::float8 AS seq, r.phone, r.name, r.state, r.round, r.error_code AS "errorCode", r.error,
         r.via_fallback AS "viaFallback", r.updated_at AS "updatedAt"
       FROM (SELECT seq FROM promotion_recipients WHERE ${filter}
             ORDER BY seq ${dir} LIMIT ${input.limit} OFFSET ${input.offset}) k
       JOIN promotion_recipients r ON r.promotion_id = $1 AND r.seq = k.seq AND r.business_id = $2
       ORDER BY r.seq ${dir}`,
      params,
    ),
    known !== undefined
      ? [{ n: known }]
      : rawQuery<{ n: number }>(
          ctx.db,
          `SELECT count(*)::int AS n FROM (SELECT 1 FROM promotion_recipients WHERE ${filter}
             LIMIT ${RECIPIENTS_PAGEABLE + 1}) s`,
          params,
        ),
  ]);
  const n = count[0]!.n;
  return { rows, total: Math.min(n, RECIPIENTS_PAGEABLE), capped: n > RECIPIENTS_PAGEABLE };
}
