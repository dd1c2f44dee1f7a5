/**
 * E1: launch a promotion on a CSV list, uploaded with it (multipart) or before it (JSON).
 * POST /api/v2/promotion/{business_id}/template/launch?name=
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { invalid } from "@/lib/errors";
import { isAudienceBody } from "@/lib/promotions/launch/launch-audience";
import { launchOnAudience } from "@/lib/promotions/launch/launch-on-audience";
import { launchPromotion } from "@/lib/promotions/launch/launch-promotion";
import { findList } from "@/lib/promotions/lists/find-list";
import { apiKeyAuth } from "../auth";
import { idempotentSend } from "../idempotent-send";
import type { Operation } from "../operation";
import { businessIdParam, idempotencyHeaders, sendResponsesOf } from "../schemas";
import type { ApiEnv } from "../types";
import { keyScope, type BusinessScope } from "../with-business";
import { readListUpload } from "./read-list-upload";
import { LaunchResultDoc, launchExample, listNameQuery, MULTIPART } from "./schemas";

export type LaunchResponse = z.infer<typeof LaunchResultDoc>;

export const contract = createRoute({
  method: "post",
  path: "/api/v2/promotion/{business_id}/template/launch",
  tags: ["Promotions"],
  summary: "Launch a promotion on a CSV list (E1)",
  description:
    "Two forms. (a) multipart/form-data with `file` (the CSV, stored as the target list `name`, replacing a list of that name) and `body` (the promotion as JSON text). (b) application/json: the promotion, launched on the list `name` uploaded before (multipart E1 or POST /api/v2/promotion/{business_id}/list). CSV: UTF-8 (BOM or not), `,` or `;`, a header row with a phone column (`phone`, `mobile`, `msisdn` or `number`, any case), at most PROMOTION_LIST_MAX_BYTES (200 MiB). Bad rows never fail the launch: the answer counts them (`rejected`) and lists the first 100 (`rejectedRows`, with row number and reason). `${column}` in the template components refers to a list column (`${phone}` is the normalised number). Opted-out numbers become recipients in state optout (counted, never sent). A list of more than PROMOTION_PREPARE_INLINE_MAX_ROWS (100,000) valid rows answers once its rows are stored and validated, in status `Preparing` (`accepted`/`rejected` count the list's rows, `optout` 0): the scheduler then creates its recipients within seconds and E2/E4 give the final counts. 413 when the CSV is over the limit. Not in the spec: the JSON form launches on a segment instead of a list with `targetSource: SEGMENT` and `segmentId` (or `segmentName`), or on subscribers by tag with `targetSource: TAGS`, `tags` and `tagSearchCriteria` (`ANY`: one of them, `ALL`); `name` is then not needed. The matching subscribers are frozen as the recipients at launch (later profile changes do not alter them), refused as a list's rows are (opted out, no marketing opt-in when required), and the record shows targetSource SEGMENT or TAGS and targetType the segment's name (the tags for TAGS); docs/audiences.md. `trackClicks` (not in the spec, default true): every link in the recipients' messages becomes a tracked short link of its own (docs/economics.md); false sends the links as given. `abTest` (not in the spec): 2-4 `variants` ({name, template} with E1's template shape) and a `holdoutPercent` (0-50) sent nothing, drawn reproducibly (`seed`, default the campaign's id) and stratified by calling code, and optionally a `winner` ({testShare 5-50, testHours 1-168, metric read|clicked|converted}): only testShare% of the recipients outside the holdout get the variants, the rest (state `held`) are sent the variant with the best rate testHours after the start; the answer then has `holdout`, and GET /api/v3/promotion/{business_id}/{promotion_id}/variants reports the arms (docs/economics.md).",
  request: {
    params: businessIdParam,
    query: listNameQuery,
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({}).passthrough(), example: launchExample },
        "multipart/form-data": {
          schema: z.object({
            file: z.string().openapi({ format: "binary", description: "The CSV list" }),
            body: z.string().openapi({ description: "The promotion, JSON text (as the JSON form)" }),
          }),
        },
      },
    },
  },
  responses: sendResponsesOf(LaunchResultDoc),
});

/** The JSON form: the promotion, on the list `name` uploaded before, or on a segment or tags. */
async function launchFromJson(c: Context<ApiEnv>, { ctx, businessId }: BusinessScope) {
  const body: unknown = await c.req.json().catch(() => {
    throw invalid("Malformed JSON in request body");
  });
  if (isAudienceBody(body)) {
    return idempotentSend<LaunchResponse>(c, body, (idempotency) =>
      launchOnAudience(ctx, { businessId, body, idempotency }),
    );
  }
  const list = await findList(ctx, businessId, c.req.query("name"));
  return idempotentSend<LaunchResponse>(c, body, (idempotency) =>
    launchPromotion(ctx, { businessId, list, body, idempotency }),
  );
}

async function launchHandler(c: Context<ApiEnv>, scope: BusinessScope) {
  if (!MULTIPART.test(c.req.header("content-type") ?? "")) return launchFromJson(c, scope);
  const { ctx, businessId } = scope;
  const upload = await readListUpload(c, ctx, { businessId, name: c.req.query("name"), withBody: true });
  const list = await findList(ctx, businessId, upload.ingest.list.name);
  // The key's request hash covers the JSON body and the file's SHA-256 (read as it streamed).
  const hashed = { body: upload.body, fileSha256: upload.fileSha256 };
  return idempotentSend<LaunchResponse>(c, hashed, (idempotency) =>
    launchPromotion(ctx, { businessId, list, body: upload.body, idempotency }),
  );
}

/**
 * A plain handler with its contract registered for the document only: the contract's
 * validators would buffer the multipart body (and refuse it), while this route streams the
 * CSV. The key middleware is withBusiness's (auth.ts), in the same place: before the body.
 */
export const launchOperation: Operation = {
  spec: "E1",
  auth: "business",
  routes: [contract],
  register(app) {
    app.openAPIRegistry.registerPath(contract);
    app.post(contract.getRoutingPath(), apiKeyAuth, (c) => launchHandler(c, keyScope(c)));
  },
};
