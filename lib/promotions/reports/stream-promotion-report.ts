import type { RowOf } from "../../db/row-of";
import type { businesses } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { REST_ARM } from "../ab/arm-deal";
import { findPromotion, type ChannelFilter } from "../engine/find-promotion";
import { FAILURE_REASONS } from "../../messages/status/error-reasons";
import { csvCell, csvCellSql } from "@/lib/csv/csv-line";

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
  // Not in the spec, after its columns: the recipient's clicks on its tracked links (docs/economics.md).
  "Clicks",
] as const;

/** Recipients per page: one keyset query each (about 1.6 MB of CSV), sent before the next is read. */
const PAGE = 20_000;

/**
 * E3: the promotion's report as CSV, one row per recipient in seq order, streamed page by page
 * (keyset on seq; the next page is read only when the client has taken the previous one), so
 * memory stays constant whatever the size. PostgreSQL builds each page's CSV text (one
 * string_agg per page: no per-row work in JS); the cells
 * follow csvCell's rules (CSV-injection safe) through csvCellSql. Timestamp: the recipient's
 * last change, as "25 November 2026, 03:15 PM" in the business's time zone (always holds a
 * comma, never a quote: quoted as csvCell would). Status: the recipient's state. Error: the
 * failure's reason from the one table of reasons (error-reasons.ts), else the provider's words.
 * Clicks (after the spec's columns): the recipient's human clicks on its tracked links. An A/B
 * test's recipients: TemplateName and Language are their variant's (the winner's for the rest
 * it was sent to); the holdout's rows have Status `holdout` and both cells empty (nothing was
 * sent), as have the rows `held` for a winner not yet picked. The
 * promotion is checked before the stream starts, so an unknown id is a plain 404.
 */
export async function streamPromotionReport(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  channel?: ChannelFilter,
): Promise<ReadableStream<Uint8Array>> {
  const p = await findPromotion(ctx, businessId, promotionId, channel);
  const [biz] = await rawQuery<Pick<RowOf<typeof businesses>, "time_zone">>(
    ctx.db,
    `SELECT time_zone FROM businesses WHERE id = $1`,
    [businessId],
  );
  const tz = biz?.time_zone ?? "UTC";
  const template = (p.template ?? {}) as { name?: string; language?: string };
  // The same cells on every row, formatted once: FlowId, FlowName, and the template's.
  const flow = `,${csvCell(p.flowId)},${csvCell(p.flowName)},`;
  const templateCells = `,${csvCell(template.name)},${csvCell(template.language)}`;
  // RCS campaigns: a batch's own template when it has one (promotion_batches), else the campaign's.
  const rcs = p.kind === "rcs_campaign";
  // An A/B test: each arm's template (the holdout, sent nothing, none), by promotion_recipients.arm.
  // The rest kept for a winner (REST_ARM): the winner's once picked, empty while held.
  const cellsOf = (v: { templateName: string; language: string } | undefined) =>
    v ? `,${csvCell(v.templateName)},${csvCell(v.language)}` : ",,";
  const variants = p.abTest?.variants ?? [];
  const winner = variants.find((v) => v.arm === p.abTest?.winner?.decision?.arm);
  const armCells = Object.fromEntries([
    ["0", ",,"],
    [String(REST_ARM), cellsOf(winner)],
    ...variants.map((v) => [String(v.arm), cellsOf(v)]),
  ]);
  const templateSql = rcs
    ? `CASE WHEN t.id IS NULL THEN $6 ELSE ',' || ${csvCellSql("t.name")} || ',' || ${csvCellSql("t.language")} END`
    : p.abTest
      ? "coalesce($8::jsonb ->> r.arm::text, $6)"
      : "$6";
  const joins = rcs
    ? `LEFT JOIN promotion_batches b ON b.id = r.batch_id AND b.business_id = r.business_id
       LEFT JOIN templates t ON t.id = b.template_id`
    : "";
  const pageSql = `SELECT max(seq)::float8 AS last, string_agg(line, '' ORDER BY seq) AS text FROM (
      SELECT r.seq, ${csvCellSql("r.name")} || ',' || ${csvCellSql("r.phone")} || ',' || r.state
        || ',"' || to_char(r.updated_at AT TIME ZONE $4, 'FMDD FMMonth YYYY, HH12:MI AM') || '",'
        || ${csvCellSql("coalesce($7::jsonb ->> r.error_code, r.error)")} || $5 || r.round || ${templateSql} || ',' || coalesce(k.clicks, 0) || E'\\r\\n' AS line
      FROM promotion_recipients r ${joins}
      LEFT JOIN LATERAL (SELECT count(*) AS clicks FROM link_clicks c
        WHERE c.business_id = r.business_id AND c.promotion_id = r.promotion_id AND c.phone = r.phone
          AND c.agent_class = 'human') k ON true
      WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.seq > $3
      ORDER BY r.seq LIMIT ${PAGE}) page`;
  const encoder = new TextEncoder();
  // Error: the one table of reasons for a known code (as every page says it), else the provider's words.
  const reasonsJson = JSON.stringify(FAILURE_REASONS);
  // Below every seq: list rows start at 1, an RCS campaign's first batch at 0.
  let after = -1;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${REPORT_HEADER.join(",")}\r\n`));
        return;
      }
      const [page] = await rawQuery<{ last: number | null; text: string | null }>(ctx.db, pageSql, [
        p.id,
        businessId,
        after,
        tz,
        flow,
        templateCells,
        reasonsJson,
        ...(p.abTest ? [JSON.stringify(armCells)] : []),
      ]);
      if (!page?.text || page.last === null) return controller.close();
      after = page.last;
      controller.enqueue(encoder.encode(page.text));
    },
  });
}
