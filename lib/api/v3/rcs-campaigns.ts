import { createRoute, z } from "@hono/zod-openapi";
import { storeIdempotentResponse } from "@/lib/idempotency/key-store";
import type { IdempotencyRef } from "@/lib/messages/send/commit-send";
import type { Ctx } from "@/lib/context";
import { addRcsBatch } from "@/lib/promotions/rcs/add-rcs-batch";
import { createRcsCampaign } from "@/lib/promotions/rcs/create-rcs-campaign";
import { addRcsBatchInput, createRcsCampaignInput } from "@/lib/promotions/rcs/schemas";
import { apiKeyAuth } from "../auth";
import { idempotentSend } from "../idempotent-send";
import { keyScope } from "../key-ctx";
import { idempotencyHeaders, sendResponsesOf, tenantIdParam } from "../schemas";
import type { ApiApp } from "../types";

const c1 = createRoute({
  method: "post",
  path: "/api/v3/promotion/{tenant_id}/rcs",
  tags: ["Promotions"],
  summary: "Create a batched RCS campaign (C1)",
  description:
    "An `Active` campaign on the business's RCS agent that waits for batches (C2). `promotionExpiry` (epoch seconds, future) defaults to the coming midnight in the business's time zone (Settings). Optional `fallback` (not in the spec): an APPROVED chatapp template (`templateName`, `language`) and one of the business's `phoneNumberId`s, sent instead to numbers the capability check finds not RCS-capable (docs/promotions.md).",
  middleware: [apiKeyAuth] as const,
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: createRcsCampaignInput,
          examples: {
            minimal: { summary: "Expires at the coming midnight", value: { promotionName: "Diwali offers" } },
            fallback: {
              summary: "With an expiry and a chatapp fallback",
              value: {
                promotionName: "Diwali offers",
                promotionExpiry: 1798761600,
                fallback: {
                  templateName: "diwali_offer",
                  language: "en_US",
                  phoneNumberId: "sim0193b6f28c1a",
                },
              },
            },
          },
        },
      },
    },
  },
  responses: sendResponsesOf(
    z
      .object({ promotionId: z.string().openapi({ example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }) })
      .openapi("RcsCampaignCreated"),
  ),
});

const BatchResponse = z
  .object({
    batchId: z.string().openapi({ example: "0193b6f3-0000-7000-8000-1234567890ab" }),
    accepted: z.number().int().openapi({ description: "Not in the spec: subscribers taken into the batch" }),
    rejected: z
      .array(z.object({ index: z.number().int(), phone: z.string(), reason: z.string() }))
      .openapi({ description: "Not in the spec: subscribers left out, by index in `subscribers`, and why" }),
  })
  .openapi("RcsBatchAdded");

const c2 = createRoute({
  method: "post",
  path: "/api/v3/promotion/{tenant_id}/rcs/batch",
  tags: ["Promotions"],
  summary: "Add a batch to an RCS campaign (C2)",
  description:
    "Up to 10,000 `subscribers` (`phone`: digits with the country code, '+' optional; `extras`: string values that `${key}` in the BODY variables refer to) for an APPROVED RCS template (`templateId`). An invalid phone, a number already in the batch or campaign, or a missing `${key}` value leaves that subscriber out (listed in `rejected`); opted-out numbers are taken but never sent. With `doCapability: true` the numbers are checked in bulk first and a `capability.batch` callback follows (masked `rcsNumbers`, `nonRcsNumbers`); only RCS-capable numbers are sent RCS, the others get the campaign's (or this batch's) chatapp `fallback` if any. A campaign that is expired, stopped, cancelled or completed takes no batch (400).",
  middleware: [apiKeyAuth] as const,
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: addRcsBatchInput,
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
        },
      },
    },
  },
  responses: sendResponsesOf(BatchResponse),
});

/** Completes the Idempotency-Key with the 200 answer inside the domain's transaction. */
function completeKey(businessId: string, idem: IdempotencyRef | undefined) {
  if (!idem) return undefined;
  return (tx: Ctx, body: unknown) =>
    storeIdempotentResponse(tx, { businessId, key: idem.key, status: 200, body });
}

export function registerRcsCampaignRoutes(app: ApiApp): void {
  // POST /api/v3/promotion/{tenant_id}/rcs (C1)
  app.openapi(c1, async (c) => {
    const body = c.req.valid("json");
    const { ctx, businessId } = keyScope(c);
    return await idempotentSend(c, body, (idem) =>
      createRcsCampaign(ctx, businessId, body, { onCommit: completeKey(businessId, idem) }),
    );
  });

  // POST /api/v3/promotion/{tenant_id}/rcs/batch (C2)
  app.openapi(c2, async (c) => {
    const body = c.req.valid("json");
    const { ctx, businessId } = keyScope(c);
    return await idempotentSend(c, body, (idem) =>
      addRcsBatch(ctx, businessId, body, { onCommit: completeKey(businessId, idem) }),
    );
  });
}
