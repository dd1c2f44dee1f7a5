/** A page of a segment's subscribers. GET /api/v3/audiences/{business_id}/segments/{segment_id}/subscribers */
import { createRoute, z } from "@hono/zod-openapi";
import { listSegmentMatches, MAX_PAGE } from "@/lib/audiences/segments/segment-matches";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, json, SegmentMember, segmentParams, TAG } from "./schemas";

const query = z.object({
  after: z.string().optional().openapi({ description: "The `next` of the page before (a profile id)" }),
  limit: z
    .string()
    .optional()
    .openapi({ description: `Subscribers per page, 1-${MAX_PAGE} (default 100)`, example: "100" }),
});

const Page = z.object({
  subscribers: z.array(SegmentMember),
  next: z.string().nullable().openapi({ description: "Pass as `after` for the next page; null on the last" }),
});

export const contract = createRoute({
  method: "get",
  path: `${BASE}/segments/{segment_id}/subscribers`,
  tags: [TAG],
  summary: "The subscribers a saved segment matches now, by profile id, a page at a time",
  request: { params: segmentParams, query },
  responses: { 200: json(Page, "A page"), ...errorResponses },
});

export const listSegmentSubscribersOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(
    await listSegmentMatches(ctx, businessId, c.req.valid("param").segment_id, c.req.valid("query")),
    200,
  ),
);
