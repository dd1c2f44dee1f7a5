/**
 * B1: one chatapp template to up to 10,000 subscribers.
 * POST /api/v2/message/{business_id}/template?apikey=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { sendBulkInput } from "@/lib/messages/schemas";
import { sendBulkMessages } from "@/lib/messages/send/send-bulk-messages";
import { idempotentSend } from "../idempotent-send";
import { businessIdParam, idempotencyHeaders, sendResponsesOf, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";

const BulkRefusal = z
  .object({
    index: z.number().int().openapi({ description: "The subscriber's index in `subscribers`" }),
    subscriberId: z.string(),
    messageId: z
      .string()
      .openapi({ description: "Its message: failed, with this reason, in B2, B3 and its callback" }),
    errorCode: z.enum(["invalid_recipient", "invalid_variables", "no_marketing_consent"]),
    reason: z.string(),
  })
  .openapi("BulkRefusal");
const BulkSendResponse = z
  .object({
    transactionId: z.string(),
    refused: z.array(BulkRefusal).optional().openapi({
      description:
        "Only when some subscribers could not be sent: each one's message id and why. The rest are sent.",
    }),
  })
  .openapi("BulkSendResponse");
export type SendBulkRequest = z.input<typeof sendBulkInput>;
export type SendBulkResponse = z.infer<typeof BulkSendResponse>;

export const contract = createRoute({
  method: "post",
  path: "/api/v2/message/{business_id}/template",
  tags: ["Messages"],
  summary: "Bulk chatapp template message (B1)",
  description:
    "One template to up to 10,000 subscribers (MESSAGES_BULK_MAX) within the bulk body limit (API_BULK_BODY_LIMIT, 16 MiB by default). The message's text parameters are slots: each subscriber's `variables` fill them in order (a TEXT header's {{1}}, body, then URL buttons, whose value is the URL suffix; an AUTHENTICATION template's one slot is the code, sent in its body and its OTP button (the code given twice, for the body and the button as OTP clients send it, is taken as one); for a CAROUSEL template the top body, then card by card in `card_index` order, each card's body then its URL suffixes); a subscriber without `variables` gets the texts as written. `subscriberId`: the number with its country code, with or without '+' (a spreadsheet's `919876543210.0` is read as 919876543210). The valid subscribers are sent; each invalid one (no country code, variables that do not fit the template) gets a message recorded as failed with `invalid_recipient` or `invalid_variables` and its reason, listed in `refused` (B2 and B3 count it as failed). A request with no valid subscriber is a 400 listing them; nothing is sent.",
  request: {
    params: businessIdParam,
    headers: idempotencyHeaders,
    body: jsonBody(sendBulkInput, {
      example: {
        message: {
          messageType: "template",
          name: "kid_report",
          language: "en_US",
          components: [
            {
              componentType: "header",
              parameters: [{ type: "media", mediaType: "image", mediaLink: "https://cdn.example.com/a.png" }],
            },
            {
              componentType: "body",
              parameters: [
                { type: "text", text: "1" },
                { type: "text", text: "2" },
              ],
            },
            {
              componentType: "button",
              index: "0",
              sub_type: "url",
              parameters: [{ type: "text", text: "3" }],
            },
          ],
        },
        subscribers: [{ subscriberId: "919876543210", variables: ["Sunil", "1234", "?Kid_ID=123"] }],
        phoneNumberId: "sim0193b6f28c1a",
      },
    }),
  },
  responses: sendResponsesOf(BulkSendResponse),
});

export const sendBulkOperation = withBusiness({ spec: "B1", contract }, async (c, { ctx, businessId }) => {
  const body = c.req.valid("json");
  return await idempotentSend(c, body, (idem) => sendBulkMessages(ctx, businessId, body, idem));
});
