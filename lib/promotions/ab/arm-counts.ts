import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/** One arm's numbers, each a count of its recipients (revenue per currency). */
export type ArmCounts = {
  arm: number;
  recipients: number;
  delivered: number;
  read: number;
  replied: number;
  clicked: number;
  converted: number;
  /** Conversion events (a recipient may convert more than once). */
  conversions: number;
  revenue: Array<{ currency: string; value: number }>;
};

type Campaign = { id: string; businessId: string; startedAt: Date; attributionWindow: number };

/**
 * The numbers of each arm of an A/B test, read in two grouped statements over the campaign's
 * own rows (nothing per recipient in the application):
 * - recipients, delivered, read, replied: the recipients by arm; delivered and read from their
 *   message's status as the recipient mirrors it (state delivered or read; read), replied from
 *   `interacted` (a reply or button press after its message);
 * - clicked, in the same scan: recipients with at least one human click on their tracked links
 *   (the campaign's distinct human clickers in link_clicks, hashed, joined by phone: one pass
 *   over the recipients, not one index probe per clicker);
 * - converted: a variant's recipients with a conversion attributed (last touch) to the
 *   campaign's message to that number; the holdout's, never sent, with a conversion of that
 *   number (attributed anywhere or not) in the campaign's window: from its start to
 *   attributionWindow hours later, the window the variants' attribution uses.
 */
export async function armCounts(ctx: Ctx, c: Campaign): Promise<ArmCounts[]> {
  const params = [c.id, c.businessId];
  const [base, conversions] = await Promise.all([
    rawQuery<{
      arm: number;
      recipients: number;
      delivered: number;
      read: number;
      replied: number;
      clicked: number;
    }>(
      ctx.db,
      `SELECT r.arm, count(*)::int AS recipients,
              count(*) FILTER (WHERE r.state IN ('delivered', 'read'))::int AS delivered,
              count(*) FILTER (WHERE r.state = 'read')::int AS read,
              count(*) FILTER (WHERE r.interacted)::int AS replied,
              count(k.phone)::int AS clicked
       FROM promotion_recipients r
       LEFT JOIN (SELECT DISTINCT phone FROM link_clicks
                  WHERE business_id = $2 AND promotion_id = $1 AND agent_class = 'human') k ON k.phone = r.phone
       WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.arm IS NOT NULL
       GROUP BY r.arm ORDER BY r.arm`,
      params,
    ),
    rawQuery<{
      arm: number;
      currency: string | null;
      total: boolean;
      converted: number;
      conversions: number;
      value: string | null;
    }>(
      ctx.db,
      `WITH credited AS (
         SELECT r.arm, r.seq, v.currency, v.value FROM conversions v
         JOIN promotion_recipients r ON r.promotion_id = v.promotion_id AND r.business_id = v.business_id
           AND r.phone = v.phone
         WHERE v.business_id = $2 AND v.promotion_id = $1 AND r.arm > 0
         UNION ALL
         SELECT r.arm, r.seq, v.currency, v.value FROM promotion_recipients r
         JOIN conversions v ON v.business_id = r.business_id AND v.phone = r.phone
           AND v.occurred_at >= $3 AND v.occurred_at < $3 + make_interval(hours => $4)
         WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.arm = 0 AND r.state = 'holdout')
       SELECT arm, currency, grouping(currency) = 1 AS total, count(DISTINCT seq)::int AS converted,
              count(*)::int AS conversions, sum(value)::text AS value
       FROM credited GROUP BY GROUPING SETS ((arm), (arm, currency))`,
      [...params, c.startedAt, c.attributionWindow],
    ),
  ]);
  return base.map((b) => {
    const own = conversions.filter((v) => v.arm === b.arm);
    // The grouping set (arm) is the arm's total (its currency NULL like a value-less group's).
    const total = own.find((v) => v.total);
    return {
      ...b,
      converted: total?.converted ?? 0,
      conversions: total?.conversions ?? 0,
      revenue: own
        .filter(
          (v): v is typeof v & { currency: string; value: string } =>
            !v.total && v.currency !== null && v.value !== null,
        )
        .map((v) => ({ currency: v.currency, value: Number(v.value) }))
        .sort((x, y) => y.value - x.value),
    };
  });
}
