import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { invalid } from "@/lib/errors";
import { launchPromotion } from "@/lib/promotions/launch/launch-promotion";
import { findList } from "@/lib/promotions/lists/find-list";
import { listPromotions, listPromotionsQuery } from "@/lib/promotions/list-promotions";
import { apiKeyAuth } from "../auth";
import { idempotentSend } from "../idempotent-send";
import { keyScope } from "../key-ctx";
import { businessIdParam, errorResponses, idempotencyHeaders, sendResponsesOf } from "../schemas";
import type { ApiApp, ApiEnv } from "../types";
import { LaunchResultDoc, ListUploadDoc, PromotionRecordDoc, launchExample } from "./promotion-docs";
import { readListUpload } from "./promotion-upload";

type LaunchAnswer = z.infer<typeof LaunchResultDoc>;
const MULTIPART = /^multipart\/form-data\b/i;
const listNameQuery = z.object({
  name: z.string().optional().openapi({ description: "Name of the target list", example: "diwali_2026" }),
});
const tooLarge = { 413: { ...errorResponses[400], description: "The CSV is over PROMOTION_LIST_MAX_BYTES" } };

const e1 = createRoute({
  method: "post",
  path: "/api/v2/promotion/{business_id}/template/launch",
  tags: ["Promotions"],
  summary: "Launch a promotion on a CSV list (E1)",
  description:
    "Two forms. (a) multipart/form-data with `file` (the CSV, stored as the target list `name`, replacing a list of that name) and `body` (the promotion as JSON text). (b) application/json: the promotion, launched on the list `name` uploaded before (multipart E1 or POST /api/v2/promotion/{business_id}/list). CSV: UTF-8 (BOM or not), `,` or `;`, a header row with a phone column (`phone`, `mobile`, `msisdn` or `number`, any case), at most PROMOTION_LIST_MAX_BYTES (200 MiB). Bad rows never fail the launch: the answer counts them (`rejected`) and lists the first 100 (`rejectedRows`, with row number and reason). `${column}` in the template components refers to a list column (`${phone}` is the normalised number). Opted-out numbers become recipients in state optout (counted, never sent). A list of more than PROMOTION_PREPARE_INLINE_MAX_ROWS (100,000) valid rows answers once its rows are stored and validated, in status `Preparing` (`accepted`/`rejected` count the list's rows, `optout` 0): the scheduler then creates its recipients within seconds and E2/E4 give the final counts. 413 when the CSV is over the limit.",
  middleware: [apiKeyAuth] as const,
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

const listUpload = createRoute({
  method: "post",
  path: "/api/v2/promotion/{business_id}/list",
  tags: ["Promotions"],
  summary: "Upload a target list without launching",
  description:
    "multipart/form-data with `file` (the CSV, as in E1 form (a)); stored as the business's target list `name`, replacing a list of that name in one step. E1 form (b) then launches on it.",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: listNameQuery },
  responses: {
    200: { description: "The stored list", content: { "application/json": { schema: ListUploadDoc } } },
    ...errorResponses,
    ...tooLarge,
  },
});

const e2 = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}",
  tags: ["Promotions"],
  summary: "List promotions (E2)",
  description:
    "Newest first. `channel=rcs` lists RCS promotions and campaigns (default chatapp). Pages start at 0.",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: listPromotionsQuery },
  responses: {
    200: {
      description: "One page of promotion records and the total",
      content: {
        "application/json": {
          schema: z.object({ promotions: z.array(PromotionRecordDoc), totalItems: z.number().int() }),
        },
      },
    },
    ...errorResponses,
  },
});

async function launchFromJson(c: Context<ApiEnv>) {
  const body: unknown = await c.req.json().catch(() => {
    throw invalid("Malformed JSON in request body");
  });
  const { ctx, businessId } = keyScope(c);
  const list = await findList(ctx, businessId, c.req.query("name"));
  return idempotentSend<LaunchAnswer>(c, body, (idempotency) =>
    launchPromotion(ctx, { businessId, list, body, idempotency }),
  );
}

export function registerPromotionRoutes(app: ApiApp): void {
  // POST /api/v2/promotion/{business_id}/template/launch?name= (E1). A plain handler with its
  // contract registered for the document only: the contract's validators would buffer the
  // multipart body (and refuse it), while this route streams the CSV.
  app.openAPIRegistry.registerPath(e1);
  app.post("/api/v2/promotion/:business_id/template/launch", apiKeyAuth, async (c) => {
    if (!MULTIPART.test(c.req.header("content-type") ?? "")) return launchFromJson(c);
    const { ctx, businessId } = keyScope(c);
    const upload = await readListUpload(c, ctx, { businessId, name: c.req.query("name"), withBody: true });
    const list = await findList(ctx, businessId, upload.ingest.list.name);
    // The key's request hash covers the JSON body and the file's SHA-256 (read as it streamed).
    const hashed = { body: upload.body, fileSha256: upload.fileSha256 };
    return idempotentSend<LaunchAnswer>(c, hashed, (idempotency) =>
      launchPromotion(ctx, { businessId, list, body: upload.body, idempotency }),
    );
  });

  // POST /api/v2/promotion/{business_id}/list?name= (target list upload; not in the spec)
  app.openapi(listUpload, async (c) => {
    if (!MULTIPART.test(c.req.header("content-type") ?? "")) {
      throw invalid("Send the CSV as multipart/form-data in the part 'file'", [
        { path: "file", message: "Required" },
      ]);
    }
    const { ctx, businessId } = keyScope(c);
    const { ingest } = await readListUpload(c, ctx, {
      businessId,
      name: c.req.query("name"),
      withBody: false,
    });
    return c.json({ ...ingest.list, rejectedRows: ingest.rejectedRows }, 200);
  });

  // GET /api/v2/promotion/{business_id}?channel=rcs (E2)
  app.openapi(e2, async (c) => {
    const query = c.req.valid("query");
    const { ctx, businessId } = keyScope(c);
    return c.json(await listPromotions(ctx, businessId, query), 200);
  });
}
