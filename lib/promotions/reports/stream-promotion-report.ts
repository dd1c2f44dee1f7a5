import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { findPromotion, type ChannelFilter } from "../engine/find-promotion";
import { csvLine } from "./csv-cell";

export const REPORT_HEADER = [
  "Name",
  "Phone",
  "Status",
  "Timestamp",
  "Error",
  "FlowId",
  "FlowName",
  "RetryCount",
  "TemplateName",
  "Language",
] as const;

/** Recipients per page: one keyset query each, written before the next is read. */
const PAGE = 5_000;

type Row = {
  seq: number;
  name: string | null;
  phone: string;
  state: string;
  at: string;
  error: string | null;
  round: number;
  batch_id: string | null;
};

/**
 * E3: the promotion's report as CSV, one row per recipient in seq order, streamed page by page
 * (keyset on seq; the next page is read only when the client has taken the previous one), so
 * memory stays constant whatever the size. Timestamp: the recipient's last change, as
 * "25 November 2026, 03:15 PM" in the business's time zone. Status: the recipient's state.
 * Every cell goes through csvCell (CSV-injection safe). The promotion is checked before the
 * stream starts, so an unknown id is a plain 404.
 */
export async function streamPromotionReport(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  channel?: ChannelFilter,
): Promise<ReadableStream<Uint8Array>> {
  const p = await findPromotion(ctx, businessId, promotionId, channel);
  const [biz] = await rawQuery<{ time_zone: string }>(
    ctx.db,
    `SELECT time_zone FROM businesses WHERE id = $1`,
    [businessId],
  );
  const tz = biz?.time_zone ?? "UTC";
  const template = (p.template ?? {}) as { name?: string; language?: string };
  const batchTemplates = new Map<string, { name: string; language: string }>();
  if (p.kind === "rcs_campaign") {
    const rows = await rawQuery<{ id: string; name: string; language: string }>(
      ctx.db,
      `SELECT b.id, t.name, t.language FROM promotion_batches b JOIN templates t ON t.id = b.template_id
       WHERE b.business_id = $1 AND b.promotion_id = $2`,
      [businessId, p.id],
    );
    for (const r of rows) batchTemplates.set(r.id, r);
  }
  const encoder = new TextEncoder();
  let after = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${REPORT_HEADER.join(",")}\r\n`));
        return;
      }
      const rows = await rawQuery<Row>(
        ctx.db,
        `SELECT r.seq::float8 AS seq, name, phone, state, error, round, batch_id,
           to_char(updated_at AT TIME ZONE $4, 'FMDD FMMonth YYYY, HH12:MI AM') AS at
         FROM promotion_recipients r WHERE promotion_id = $1 AND business_id = $2 AND r.seq > $3
         ORDER BY r.seq LIMIT ${PAGE}`,
        [p.id, businessId, after, tz],
      );
      if (rows.length === 0) return controller.close();
      let out = "";
      for (const r of rows) {
        const t = (r.batch_id && batchTemplates.get(r.batch_id)) || template;
        out += csvLine([
          r.name,
          r.phone,
          r.state,
          r.at,
          r.error,
          p.flowId,
          p.flowName,
          r.round,
          t.name,
          t.language,
        ]);
      }
      after = rows[rows.length - 1]!.seq;
      controller.enqueue(encoder.encode(out));
    },
  });
}
