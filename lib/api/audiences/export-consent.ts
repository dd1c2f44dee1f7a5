/** A number's consent proof as CSV. GET /api/v3/audiences/{business_id}/consent/{phone}/export */
import { createRoute, z } from "@hono/zod-openapi";
import { consentPhone } from "@/lib/audiences/consent/consent-phone";
import { CONSENT_EXPORT_HEADER, exportConsent } from "@/lib/audiences/consent/export-consent";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, subscriberParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/consent/{phone}/export`,
  tags: [TAG],
  summary:
    "Every consent event of one number as CSV (oldest first: time, action, kind, channel, source, wording)",
  request: { params: subscriberParams },
  responses: {
    200: {
      description: "CSV (the header alone when the number has no events)",
      content: {
        "text/csv": {
          schema: z.string().openapi({
            example: `${CONSENT_EXPORT_HEADER.join(",")}\r\n919810000001,2026-12-01T10:00:00.000Z,opt_out,marketing,all,keyword,0193b6f2-8c1a-7cde-9f00-1234567890ab,STOP,0193b6f2-8c1a-7cde-9f00-1234567890ac\r\n`,
          }),
        },
      },
    },
    ...errorResponses,
  },
});

export const exportConsentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const phone = await consentPhone(ctx, businessId, c.req.valid("param").phone);
  return c.text(await exportConsent(ctx, businessId, phone), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="consent-${phone}.csv"`,
  });
});
