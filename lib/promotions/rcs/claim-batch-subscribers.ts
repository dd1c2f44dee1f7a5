import type { RowOf } from "../../db/row-of";
import type { optOuts, promotionRecipients } from "@/db/schema";
import type { Ctx } from "../../context";
import {
  NO_MARKETING_CONSENT,
  lackingMarketingConsent,
} from "../../audiences/consent/require-marketing-consent";
import { rawQuery } from "../../db/sql";
import type { PreparedSubscriber } from "./prepare-subscribers";
import type { BatchReject } from "./schemas";

export type AwaitingSubscriber = { seq: number; phone: string; vars: Record<string, string> };

/**
 * Inside C2's transaction, with the campaign's row locked (so batches of one campaign take
 * their turn): skips numbers the campaign already has (recipients, or subscribers of a batch
 * still being checked), reserves the batch's seqs, and writes the recipients that need no
 * check: opted-out numbers (`optout`, counted in round 0) and, without a check, the rest as
 * `pending`. With a check the rest is returned, to wait in the batch row.
 */
export async function claimBatchSubscribers(
  tx: Ctx,
  input: {
    businessId: string;
    promotionId: string;
    batchId: string;
    accepted: PreparedSubscriber[];
    rejected: BatchReject[];
    doCapability: boolean;
  },
): Promise<{ total: number; firstSeq: number; pending: number; awaiting: AwaitingSubscriber[] }> {
  const phones = input.accepted.map((s) => s.phone);
  const taken = await rawQuery<Pick<RowOf<typeof promotionRecipients>, "phone">>(
    tx.db,
    `SELECT phone FROM promotion_recipients WHERE promotion_id = $1 AND phone = ANY($2::text[])
     UNION
     SELECT a->>'phone' FROM promotion_batches b CROSS JOIN LATERAL jsonb_array_elements(b.awaiting) a
     WHERE b.business_id = $3 AND b.promotion_id = $1 AND b.state = 'checking' AND a->>'phone' = ANY($2::text[])`,
    [input.promotionId, phones, input.businessId],
  );
  const takenSet = new Set(taken.map((r) => r.phone));
  const fresh = input.accepted.filter((s) => {
    if (!takenSet.has(s.phone)) return true;
    input.rejected.push({ index: s.index, phone: s.phone, reason: "duplicate: already in this campaign" });
    return false;
  });
  input.rejected.sort((a, b) => a.index - b.index);
  // Opt-outs straight from the table (INTAKE's lib/promotions/opt-outs wraps the same query).
  const optedOut = new Set(
    (
      await rawQuery<Pick<RowOf<typeof optOuts>, "phone">>(
        tx.db,
        `SELECT phone FROM opt_outs WHERE business_id = $1 AND phone = ANY($2::text[])`,
        [input.businessId, fresh.map((s) => s.phone)],
      )
    ).map((r) => r.phone),
  );
  // An RCS campaign is a marketing send: when the business requires an opt-in, the numbers
  // without one are kept out as the opted-out are, with their reason (docs/audiences.md).
  const unconsented = await lackingMarketingConsent(
    tx,
    input.businessId,
    fresh.map((s) => s.phone).filter((p) => !optedOut.has(p)),
  );
  const [seqRow] = await rawQuery<{ next: string }>(
    tx.db,
    `SELECT coalesce(max(first_seq + total), 0) AS next FROM promotion_batches WHERE business_id = $1 AND promotion_id = $2`,
    [input.businessId, input.promotionId],
  );
  const firstSeq = Number(seqRow?.next ?? 0);
  const rows = fresh.map((s, i) => ({
    ...s,
    seq: firstSeq + i,
    optout: optedOut.has(s.phone) || unconsented.has(s.phone),
    errorCode: unconsented.has(s.phone) ? NO_MARKETING_CONSENT.code : null,
  }));
  const kept = rows.filter((r) => r.optout).length;
  const direct = rows.filter((r) => r.optout || !input.doCapability);
  if (direct.length > 0) {
    await rawQuery(
      tx.db,
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, batch_id, phone, name, language, subscriber_id, vars, state, error_code)
       SELECT $1, v.seq, $2, $3, v.phone, v.vars->>'name', v.vars->>'language', v.vars->>'businesssubscriberid', v.vars, v.state, v.error_code
       FROM json_to_recordset($4::json) AS v(seq bigint, phone text, vars jsonb, state text, error_code text)`,
      [
        input.promotionId,
        input.businessId,
        input.batchId,
        JSON.stringify(
          direct.map((r) => ({
            seq: r.seq,
            phone: r.phone,
            vars: r.vars,
            state: r.optout ? "optout" : "pending",
            error_code: r.errorCode,
          })),
        ),
      ],
    );
  }
  if (kept > 0) {
    await rawQuery(
      tx.db,
      `UPDATE promotion_counters SET optout = optout + $3 WHERE promotion_id = $1 AND round = 0 AND business_id = $2`,
      [input.promotionId, input.businessId, kept],
    );
  }
  return {
    total: rows.length,
    firstSeq,
    pending: input.doCapability ? 0 : rows.length - kept,
    awaiting: input.doCapability
      ? rows.filter((r) => !r.optout).map((r) => ({ seq: r.seq, phone: r.phone, vars: r.vars }))
      : [],
  };
}
