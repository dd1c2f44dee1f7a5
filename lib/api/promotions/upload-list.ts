/**
 * Upload a target list without launching (for E1's JSON form; not in the spec).
 * POST /api/v2/promotion/{business_id}/list?name=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { invalid } from "@/lib/errors";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { readListUpload } from "./read-list-upload";
import { ListUploadDoc, listNameQuery, MULTIPART } from "./schemas";

export type UploadListResponse = z.infer<typeof ListUploadDoc>;

const tooLarge = { 413: { ...errorResponses[400], description: "The CSV is over PROMOTION_LIST_MAX_BYTES" } };

export const contract = createRoute({
  method: "post",
  path: "/api/v2/promotion/{business_id}/list",
  tags: ["Promotions"],
  summary: "Upload a target list without launching",
  description:
    "multipart/form-data with `file` (the CSV, as in E1 form (a)); stored as the business's target list `name`, replacing a list of that name in one step. E1 form (b) then launches on it.",
  request: { params: businessIdParam, query: listNameQuery },
  responses: {
    200: { description: "The stored list", content: { "application/json": { schema: ListUploadDoc } } },
    ...errorResponses,
    ...tooLarge,
  },
});

export const uploadListOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  if (!MULTIPART.test(c.req.header("content-type") ?? "")) {
    throw invalid("Send the CSV as multipart/form-data in the part 'file'", [
      { path: "file", message: "Required" },
    ]);
  }
  const name = c.req.query("name");
  const { ingest } = await readListUpload(c, ctx, { businessId, name, withBody: false });
  return c.json({ ...ingest.list, rejectedRows: ingest.rejectedRows }, 200);
});
