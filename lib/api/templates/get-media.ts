/**
 * Download an uploaded template image (template image previews; not in the spec).
 * GET /api/v1/media/{business_id}/{sha256}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { readMedia } from "@/lib/media/read-media";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";

export const contract = createRoute({
  method: "get",
  path: "/api/v1/media/{business_id}/{sha256}",
  tags: ["Templates"],
  summary: "Download an uploaded template image",
  request: { params: businessIdParam.extend({ sha256: z.string() }) },
  responses: {
    200: {
      description: "The image",
      content: { "image/png": { schema: z.string() }, "image/jpeg": { schema: z.string() } },
    },
    ...errorResponses,
  },
});

export const getMediaOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { sha256 } = c.req.valid("param");
  const m = await readMedia(ctx, { businessId, sha256 });
  return c.body(new Uint8Array(m.bytes), 200, {
    "content-type": m.contentType,
    "cache-control": "private, max-age=31536000, immutable",
    etag: `"${sha256}"`,
    "x-content-type-options": "nosniff",
  });
});
