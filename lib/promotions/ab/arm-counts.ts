import type { promotionArmCounters } from "@/db/schema";
import type { Ctx } from "../../context";
import type { RowOf } from "../../db/row-of";
import { rawQuery } from "../../db/sql";
import { NO_ARM } from "./arm-deal";

/** One arm's numbers, each a count of its recipients (revenue per currency). */
export type ArmCounts = {
  arm: number;
  recipients: number;
  delivered: number;
  read: number;
  replied: number;
  clicked: number;
  /** Human clicks, every one (a recipient may click more than once). */
  clicks: number;
  converted: number;
  /** Conversion events (a recipient may convert more than once). */
  conversions: number;
  revenue: Array<{ currency: string; value: number }>;
};

type Row = Pick<
  RowOf<typeof promotionArmCounters>,
  "arm" | "recipients" | "delivered" | "read" | "replied" | "clicked" | "clicks" | "converted" | "conversions"
> & { revenue: Record<string, number> };

/**
 * The numbers of each arm of an A/B test: its promotion_arm_counters rows, kept by the
 * statements that change them (docs/economics.md, "How it is read"), so the read is one row per
 * arm whatever the campaign's size:
 * - recipients (drawn at launch), delivered and read (the recipient's state as its message's
 *   status moves it: delivered or read; read), replied (`interacted`, a reply or button press);
 * - clicked: recipients with at least one human click on their tracked links (counted at the
 *   first), clicks every human click;
 * - converted, conversions, revenue: a variant's recipients with a conversion attributed to the
 *   campaign's message to their number; the holdout's, never sent, with a conversion of their
 *   number (attributed anywhere or not) in the campaign's window, from its start to
 *   attributionWindow hours later, the window the variants' attribution uses.
 */
export async function armCounts(ctx: Ctx, c: { id: string; businessId: string }): Promise<ArmCounts[]> {
  const rows = await rawQuery<Row>(
    ctx.db,
    `SELECT arm, recipients, delivered, read, replied, clicked, clicks, converted, conversions, revenue
     FROM promotion_arm_counters WHERE promotion_id = $1 AND business_id = $2 AND arm <> $3 ORDER BY arm`,
    [c.id, c.businessId, NO_ARM],
  );
  return rows.map(({ revenue, ...r }) => ({
    ...r,
    revenue: Object.entries(revenue)
      .map(([currency, value]) => ({ currency, value: Number(value) }))
      .sort((x, y) => y.value - x.value),
  }));
}
