import { z } from "@hono/zod-openapi";
import { channelName } from "@/lib/businesses/channel-name";
import { businessIdParam } from "../schemas";

/** What E3 ... E5 act on: the path's promotion, on the channel asked (if any). */
export const promotionParams = businessIdParam.extend({
  promotion_id: z.string().openapi({
    param: { name: "promotion_id", in: "path" },
    example: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
  }),
});
export const channelQuery = z.object({
  channel: channelName().optional().openapi({
    description: "`rcs` for an RCS promotion or campaign, `chatapp` (or `whatsapp`); absent: either channel",
  }),
});
