/**
 * A campaign's tracked clicks (not in the spec; docs/economics.md, "Clicks").
 * GET /api/v3/promotion/{business_id}/{promotion_id}/clicks
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getCampaignClicks } from "@/lib/economics/links/get-campaign-clicks";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { promotionParams } from "./engine-schemas";

const count = (description: string) => z.number().int().min(0).openapi({ description });

const CampaignClicks = z
  .object({
    promotionId: z.string(),
    trackClicks: z.boolean().openapi({ description: "Whether the campaign's links are tracked" }),
    links: count("Tracked links made for the campaign's messages (one per recipient and URL)"),
    recipientsWithLinks: count("Recipients whose message carried at least one tracked link"),
    uniqueClickers: count("Recipients (by phone) with at least one click: repeated clicks count once"),
    clicks: count("Clicks, every one (link previews and bots excluded)"),
    clickRate: z
      .number()
      .min(0)
      .openapi({ description: "uniqueClickers / recipientsWithLinks (0 without links)" }),
    previews: count("Link-preview fetches (WhatsApp, Slack, Telegram, ... crawlers): not clicks"),
    bots: count("Bots, scanners, HEAD requests and requests without a User-Agent: not clicks"),
    hourly: z
      .array(
        z.object({
          hour: z.number().int().openapi({ description: "The hour's start, epoch seconds (UTC)" }),
          clicks: count("Clicks in the hour"),
          uniqueClickers: count("Recipients with a click in the hour"),
          previews: count("Previews in the hour"),
          bots: count("Bot requests in the hour"),
        }),
      )
      .openapi({ description: "Each hour with any request, oldest first" }),
  })
  .openapi("CampaignClicks", {
    example: {
      promotionId: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
      trackClicks: true,
      links: 1000,
      recipientsWithLinks: 1000,
      uniqueClickers: 182,
      clicks: 240,
      clickRate: 0.182,
      previews: 950,
      bots: 12,
      hourly: [{ hour: 1796284800, clicks: 240, uniqueClickers: 182, previews: 950, bots: 12 }],
    },
  });

export type GetClicksResponse = z.infer<typeof CampaignClicks>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/promotion/{business_id}/{promotion_id}/clicks",
  tags: ["Promotions"],
  summary: "A campaign's tracked clicks",
  description:
    "What the campaign's tracked links (`trackClicks`, default true) received: unique clickers and every click, by hour, with link previews and bots counted apart. Clicks are written in batches behind the redirect, so the last second or so of clicks may not show yet.",
  request: { params: promotionParams },
  responses: {
    200: { description: "Clicks", content: { "application/json": { schema: CampaignClicks } } },
    ...errorResponses,
  },
});

export const getClicksOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { promotion_id } = c.req.valid("param");
  return c.json(await getCampaignClicks(ctx, businessId, promotion_id), 200);
});
