/**
 * C2: add a batch of up to 10,000 subscribers to an RCS campaign.
 * POST /api/v3/promotion/{tenant_id}/rcs/batch
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addRcsBatch } from "@/lib/promotions/rcs/add-rcs-batch";
import { addRcsBatchInput } from "@/lib/promotions/rcs/schemas";
import { idempotentSend } from "../idempotent-send";
import { idempotencyHeaders, sendResponsesOf, tenantIdParam, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";
import { completeKey } from "./complete-key";

const BatchResponse = z
  .object({
    batchId: z.string().openapi({ example: "0193b6f3-0000-7000-8000-1234567890ab" }),
    accepted: z.number().int().openapi({ description: "Not in the spec: subscribers taken into the batch" }),
    rejected: z
      .array(z.object({ index: z.number().int(), phone: z.string(), reason: z.string() }))
      .openapi({ description: "Not in the spec: subscribers left out, by index in `subscribers`, and why" }),
  })
  .openapi("RcsBatchAdded");

export type AddRcsBatchRequest = z.input<typeof addRcsBatchInput>;
export type AddRcsBatchResponse = z.infer<typeof BatchResponse>;

export const contract = createRoute({
  method: "post",
  path: "/api/v3/promotion/{tenant_id}/rcs/batch",
  tags: ["Promotions"],
  summary: "Add a batch to an RCS campaign (C2)",
  description:
    "Up to 10,000 `subscribers` (`phone`: digits with the country code, '+' optional; `extras`: string values that `${key}` in the BODY variables refer to) for an APPROVED RCS template (`templateId`). An invalid phone, a number already in the batch or campaign, or a missing `${key}` value leaves that subscriber out (listed in `rejected`); opted-out numbers are taken but never sent. With `doCapability: true` the numbers are checked in bulk first and a `capability.batch` callback follows (masked `rcsNumbers`, `nonRcsNumbers`); only RCS-capable numbers are sent RCS, the others get the campaign's (or this batch's) chatapp `fallback` if any. A campaign that is expired, stopped, cancelled or completed takes no batch (400).",
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: jsonBody(addRcsBatchInput, {
      example: {
        promotionId: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
        doCapability: true,
        templateId: "0193b6f1-aaaa-7bbb-8ccc-1234567890ab",
        components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
        subscribers: [
          { phone: "919876543210", extras: { name: "Asha" } },
          { phone: "919876500404", extras: { name: "Ravi" } },
        ],
      },
    }),
  },
  responses: sendResponsesOf(BatchResponse),
});

export const addRcsBatchOperation = withBusiness({ spec: "C2", contract }, async (c, { ctx, businessId }) => {
  const body = c.req.valid("json");
  return await idempotentSend(c, body, (idem) =>
    addRcsBatch(ctx, businessId, body, { onCommit: completeKey(businessId, idem) }),
  );
});
