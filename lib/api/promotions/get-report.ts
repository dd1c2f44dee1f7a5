/**
 * E3: a promotion's statistics report, one CSV row per recipient, streamed.
 * GET /api/v2/promotion/{business_id}/statistics/{promotion_id}/report
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import { REPORT_HEADER, streamPromotionReport } from "@/lib/promotions/reports/stream-promotion-report";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { channelQuery, promotionParams } from "./engine-schemas";

/** The CSV text: REPORT_HEADER, then one row per recipient. */
export type GetReportResponse = string;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}/statistics/{promotion_id}/report",
  tags: ["Promotions"],
  summary: "Promotion statistics report as CSV (E3)",
  description: `Streamed CSV, header \`${REPORT_HEADER.join(",")}\`, one row per recipient. Timestamp: the recipient's last change as "25 November 2026, 03:15 PM" in the business's time zone; Phone: digits without '+'; RetryCount: the round of its latest send; Clicks (not in the spec, after its columns): the recipient's clicks on its tracked links, link previews and bots not counted. Cells starting with =, +, -, @, tab or CR are prefixed with ' (CSV injection).`,
  request: { params: promotionParams, query: channelQuery },
  responses: {
    200: {
      description: "CSV",
      content: {
        "text/csv": {
          schema: z.string().openapi({
            example: `${REPORT_HEADER.join(",")}\r\nAsha,919900000001,read,"25 November 2026, 03:15 PM",,,,0,spring_sale,en_US,2\r\n`,
          }),
        },
      },
    },
    ...errorResponses,
  },
});

export const getReportOperation = withBusiness({ spec: "E3", contract }, async (c, { ctx, businessId }) => {
  const { promotion_id } = c.req.valid("param");
  const { channel } = c.req.valid("query");
  const stream = await streamPromotionReport(ctx, businessId, promotion_id, channel);
  const res: Response = c.body(stream, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="promotion-${promotion_id}.csv"`,
  });
  // Hono types only the bodies it serialises itself; this one is streamed.
  return res as Response & TypedResponse<GetReportResponse, 200, "text">;
});
