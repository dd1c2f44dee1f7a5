import { z } from "zod";
import { recipientStates } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

export const campaignRecipientsInput = z.object({
  state: z.enum(recipientStates).optional(),
  errorCode: z.string().trim().max(40).optional(),
  /** Digits of the phone number (a leading '+' and spaces are ignored): prefix match. */
  phone: z.string().max(40).optional(),
  limit: z.number().int().min(1).max(100).default(25),
  offset: z.number().int().min(0).max(10_000_000).default(0),
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
 * so a page and its count read only the matching index range, whatever the campaign's size.
 * The phone prefix is a range on the unique (promotion_id, phone) index: digits sort the same
 * in every collation, and ':' follows '9'.
 */
export async function listCampaignRecipients(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  raw: CampaignRecipientsInput,
): Promise<{ rows: CampaignRecipient[]; total: number }> {
  const input = campaignRecipientsInput.parse(raw);
  const where = ["promotion_id = $1", "business_id = $2"];
  const params: unknown[] = [promotionId, businessId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll("?", `$${params.length}`));
  };
  if (input.state) add("state = ?", input.state);
  if (input.errorCode) add("error_code = ?", input.errorCode);
  const digits = (input.phone ?? "").replace(/\D/g, "");
  if (digits) {
    add("phone >= ?", digits);
    add("phone < ?", `${digits}:`);
  }
  const filter = where.join(" AND ");
  const [rows, count] = await Promise.all([
    rawQuery<CampaignRecipient>(
      ctx.db,
      `SELECT seq::float8 AS seq, phone, name, state, round, error_code AS "errorCode", error,
         via_fallback AS "viaFallback", updated_at AS "updatedAt"
       FROM promotion_recipients WHERE ${filter}
       ORDER BY seq LIMIT ${input.limit} OFFSET ${input.offset}`,
      params,
    ),
    rawQuery<{ n: number }>(
      ctx.db,
      `SELECT count(*)::int AS n FROM promotion_recipients WHERE ${filter}`,
      params,
    ),
  ]);
  return { rows, total: count[0]!.n };
}
