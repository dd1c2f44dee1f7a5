import { createRoute, z } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import {
  updatePromotionStatus,
  updatePromotionStatusInput,
} from "@/lib/promotions/engine/update-promotion-status";
import { getPromotionStats } from "@/lib/promotions/reports/get-promotion-stats";
import { REPORT_HEADER, streamPromotionReport } from "@/lib/promotions/reports/stream-promotion-report";
import { channelName } from "@/lib/businesses/channel-name";
import { apiKeyAuth } from "../auth";
import { keyScope } from "../key-ctx";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp, ApiEnv } from "../types";

const promotionParams = businessIdParam.extend({
  promotion_id: z.string().openapi({
    param: { name: "promotion_id", in: "path" },
    example: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
  }),
});
const channelQuery = z.object({
  channel: channelName().optional().openapi({
    description: "`rcs` for an RCS promotion or campaign, `chatapp` (or `whatsapp`); absent: either channel",
  }),
});

/** What E3-E5 act on: the key's business and the path's promotion, on the channel asked (if any). */
function promotionTarget(
  c: Context<ApiEnv>,
  param: { promotion_id: string },
  query: z.infer<typeof channelQuery>,
) {
  return { ...keyScope(c), promotionId: param.promotion_id, channel: query.channel };
}

const counterKeys = ["attempted", "failed", "sent", "delivered", "read", "interacted", "optout"] as const;
const counters = Object.fromEntries(counterKeys.map((k) => [k, z.number().int()])) as Record<
  (typeof counterKeys)[number],
  z.ZodNumber
>;
const PromotionStats = z
  .object({
    ...counters,
    statsReport: z.array(z.object({ ...counters, promotionRetryNumber: z.number().int() })),
  })
  .openapi("PromotionStats", {
    example: {
      attempted: 3,
      failed: 0,
      sent: 1,
      delivered: 1,
      read: 1,
      interacted: 1,
      optout: 1,
      statsReport: [
        {
          attempted: 3,
          failed: 1,
          sent: 1,
          delivered: 1,
          read: 0,
          interacted: 1,
          optout: 1,
          promotionRetryNumber: 0,
        },
        {
          attempted: 1,
          failed: 0,
          sent: 0,
          delivered: 0,
          read: 1,
          interacted: 0,
          optout: 0,
          promotionRetryNumber: 1,
        },
      ],
    },
  });

const e5 = createRoute({
  method: "patch",
  path: "/api/v2/promotion/{business_id}/{promotion_id}",
  tags: ["Promotions"],
  summary: "Update promotion status (E5)",
  description:
    "`Stopped`: a Scheduled or Active promotion sends nothing new (messages already created finish); resumable. `Cancelled`: only during preparation (Preparing or Scheduled), final; its pending recipients end `cancelled`. `Active`: resumes a Stopped promotion where it stopped. A refused move is a 400 saying why; asking for the current status changes nothing. Answers the full promotion record.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: promotionParams,
    query: channelQuery,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: updatePromotionStatusInput,
          example: { type: "status", status: "Stopped" },
        },
      },
    },
  },
  responses: {
    200: {
      description: "The full promotion record",
      content: {
        "application/json": { schema: z.record(z.string(), z.unknown()).openapi("FullPromotionRecord") },
      },
    },
    ...errorResponses,
  },
});

const e4 = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}/{promotion_id}/stats",
  tags: ["Promotions"],
  summary: "Promotion stats (E4)",
  description:
    "Counters maintained as statuses move (no count at read time). `statsReport`: one entry per round (0 = first send, then each retry), each recipient counted once per round under its furthest status. The totals count each recipient once under its latest outcome.",
  middleware: [apiKeyAuth] as const,
  request: { params: promotionParams, query: channelQuery },
  responses: {
    200: { description: "Stats", content: { "application/json": { schema: PromotionStats } } },
    ...errorResponses,
  },
});

const e3 = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}/statistics/{promotion_id}/report",
  tags: ["Promotions"],
  summary: "Promotion statistics report as CSV (E3)",
  description: `Streamed CSV, header \`${REPORT_HEADER.join(",")}\`, one row per recipient. Timestamp: the recipient's last change as "25 November 2026, 03:15 PM" in the business's time zone; Phone: digits without '+'; RetryCount: the round of its latest send. Cells starting with =, +, -, @, tab or CR are prefixed with ' (CSV injection).`,
  middleware: [apiKeyAuth] as const,
  request: { params: promotionParams, query: channelQuery },
  responses: {
    200: {
      description: "CSV",
      content: {
        "text/csv": {
          schema: z.string().openapi({
            example: `${REPORT_HEADER.join(",")}\r\nAsha,919900000001,read,"25 November 2026, 03:15 PM",,,,0,spring_sale,en_US\r\n`,
          }),
        },
      },
    },
    ...errorResponses,
  },
});

export function registerPromotionEngineRoutes(app: ApiApp): void {
  // PATCH /api/v2/promotion/{business_id}/{promotion_id} (E5)
  app.openapi(e5, async (c) => {
    const t = promotionTarget(c, c.req.valid("param"), c.req.valid("query"));
    const record = await updatePromotionStatus(
      t.ctx,
      t.businessId,
      t.promotionId,
      c.req.valid("json"),
      t.channel,
    );
    return c.json(record as Record<string, unknown>, 200);
  });

  // GET /api/v2/promotion/{business_id}/{promotion_id}/stats (E4)
  app.openapi(e4, async (c) => {
    const t = promotionTarget(c, c.req.valid("param"), c.req.valid("query"));
    return c.json(await getPromotionStats(t.ctx, t.businessId, t.promotionId, t.channel), 200);
  });

  // GET /api/v2/promotion/{business_id}/statistics/{promotion_id}/report (E3)
  app.openapi(e3, async (c) => {
    const t = promotionTarget(c, c.req.valid("param"), c.req.valid("query"));
    const stream = await streamPromotionReport(t.ctx, t.businessId, t.promotionId, t.channel);
    const res: Response = c.body(stream, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="promotion-${t.promotionId}.csv"`,
    });
    // Hono types only the bodies it serialises itself; this one is streamed.
    return res as Response & TypedResponse<string, 200, "text">;
  });
}
