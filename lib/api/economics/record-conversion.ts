/**
 * Report a conversion (a purchase, a sign-up): stored once per event id and attributed to the
 * last campaign message the number received within that campaign's attributionWindow
 * (docs/economics.md). Not in the spec.
 * POST /api/v3/conversions/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { recordConversion } from "@/lib/economics/conversions/record-conversion";
import { ConversionDoc, ConversionInput } from "@/lib/economics/conversions/schemas";
import { businessIdParam, errorResponses, jsonBody, jsonResponse } from "../schemas";
import { withBusiness } from "../with-business";

export type RecordConversionRequest = z.input<typeof ConversionInput>;

const Answer = z.object({ conversion: ConversionDoc });

export const contract = createRoute({
  method: "post",
  path: "/api/v3/conversions/{business_id}",
  tags: ["Conversions"],
  summary: "Report a conversion; it is attributed to the campaign that earned it",
  description:
    "Idempotent by `eventId`: the same id again answers the stored conversion with 200 (the first report wins).",
  request: {
    params: businessIdParam,
    body: jsonBody(ConversionInput, {
      example: {
        eventId: "order-4711",
        event: "purchase",
        phone: "919876543210",
        value: 1499,
        currency: "INR",
      },
    }),
  },
  responses: {
    201: jsonResponse(Answer, "Stored and attributed (campaignId null: no campaign's window held it)"),
    200: jsonResponse(Answer, "This eventId was already stored: the stored conversion"),
    ...errorResponses,
  },
});

export const recordConversionOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { created, conversion } = await recordConversion(ctx, businessId, c.req.valid("json"));
  return created ? c.json({ conversion }, 201) : c.json({ conversion }, 200);
});
