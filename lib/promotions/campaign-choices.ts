import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

export type CampaignChoice = { id: string; name: string };

/** How many of the newest campaigns a picker offers (a segment's activity condition). */
export const CAMPAIGN_CHOICES = 200;

/** The business's newest campaigns of every channel, by id (UUIDv7: creation order), for a picker. */
export async function listCampaignChoices(ctx: Ctx, businessId: string): Promise<CampaignChoice[]> {
  return rawQuery<CampaignChoice>(
    ctx.db,
    `SELECT id, name FROM promotions WHERE business_id = $1 ORDER BY id DESC LIMIT ${CAMPAIGN_CHOICES}`,
    [businessId],
  );
}
