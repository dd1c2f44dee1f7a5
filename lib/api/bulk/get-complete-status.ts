/**
 * B2: the complete status of a transaction, one record per message.
 * GET /api/v2/message/{business_id}/status/{transaction_id}/complete?apikey=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { completeStatusJson } from "@/lib/messages/status/get-transaction-status";
import { jsonText } from "../json-text";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { statusParams } from "./schemas";

const CompleteRecord = z
  .object({
    platform_msg_id: z.string().openapi({ description: "The message id" }),
    msgkart_msg_id: z
      .string()
      .openapi({ description: "The same message id, under the name the vendor's published page gives it" }),
    subscriber_id: z.string(),
    msg_type: z.string().openapi({ example: "template" }),
    msg_status: z.enum(["attempted", "accepted", "sent", "delivered", "read", "failed", "error"]),
    error_code: z.string().openapi({ description: "Empty when no error" }),
    failed_reason: z.string().openapi({ description: "Empty when no failure" }),
    failed_at: z.number().int(),
    time_stamp: z.number().int(),
    accepted_at: z.number().int(),
    sent_at: z.number().int(),
    delivered_at: z.number().int(),
    read_at: z.number().int(),
    language: z.string(),
    template_name: z.string(),
  })
  .openapi("CompleteStatusRecord");
export type CompleteStatusResponse = Array<z.infer<typeof CompleteRecord>>;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/message/{business_id}/status/{transaction_id}/complete",
  tags: ["Messages"],
  summary: "Complete status of a transaction (B2)",
  description: "One record per message; timestamps in epoch seconds, 0 when not reached.",
  request: { params: statusParams },
  responses: {
    200: { description: "Records", content: { "application/json": { schema: z.array(CompleteRecord) } } },
    ...errorResponses,
  },
});

export const getCompleteStatusOperation = withBusiness(
  { spec: "B2", contract },
  async (c, { ctx, businessId }) => {
    const { transaction_id } = c.req.valid("param");
    const json = await completeStatusJson(ctx, businessId, transaction_id);
    return jsonText<CompleteStatusResponse>(c, json);
  },
);
