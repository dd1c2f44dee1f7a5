/** Record an opt-in or opt-out. POST /api/v3/audiences/{business_id}/consent */
import { createRoute } from "@hono/zod-openapi";
import { recordApiConsent } from "@/lib/audiences/consent/record-api-consent";
import { recordConsentInput } from "@/lib/audiences/consent/schemas";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { ConsentHistory } from "./consent-schemas";
import { BASE, body, businessParam, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/consent`,
  tags: [TAG],
  summary: "Record an opt-in or opt-out (source api, the key's id as its reference)",
  description:
    "Appends one event to the consent ledger. A marketing or `all` event also updates the opt-out list " +
    "(GET /api/v3/optouts) in the same transaction. `kind` defaults to marketing, `channel` to all, " +
    "`occurredAt` (epoch seconds) to now; `wording` (what the customer saw or sent) is at most 2,000 characters.",
  request: {
    params: businessParam,
    body: body(recordConsentInput, {
      example: {
        phone: "919810000001",
        action: "opt_in",
        kind: "marketing",
        channel: "all",
        wording: "Yes, send me offers on WhatsApp (checkout page, box ticked)",
      },
    }),
  },
  responses: { 201: json(ConsentHistory, "Recorded: the number's history and state"), ...errorResponses },
});

export const recordConsentOperation = withBusiness({ contract }, async (c, { ctx, businessId, keyId }) =>
  c.json(await recordApiConsent(ctx, businessId, keyId, c.req.valid("json")), 201),
);
