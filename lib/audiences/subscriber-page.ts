import { and, eq } from "drizzle-orm";
import { profiles } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import type { ProfileRow } from "../profiles/list-profiles";
import { listAttributeDefinitions, type AttributeDefinitionView } from "./attribute-definitions";
import { consentHistory, type ConsentHistoryView } from "./consent/consent-history";
import { subscriberPhone, type SubscriberAudienceView } from "./subscriber-audience";
import { subscriberActivity, type SubscriberActivity } from "./subscriber-activity";
import { listTags, type TagView } from "./tags";

/** One campaign message the subscriber was sent, newest first. */
export type ReceivedCampaign = {
  promotionId: string;
  name: string;
  channel: string;
  /** The message's status now (sent, delivered, read, failed, ...). */
  status: string;
  interacted: boolean;
  sentAt: number;
};

export type SubscriberPageView = {
  profile: ProfileRow;
  audience: SubscriberAudienceView;
  definitions: AttributeDefinitionView[];
  tags: TagView[];
  consent: ConsentHistoryView;
  campaigns: ReceivedCampaign[];
  activity: SubscriberActivity;
};

const CAMPAIGNS_SHOWN = 20;

/**
 * Everything the subscriber page shows for one number: the profile's fields, its tags and
 * attributes with the business's definitions and tags to pick from, the consent history, and the
 * latest campaign messages with their status (through the recipients' (business, phone) index).
 * 400 for a number that cannot be one, 404 when the business has no profile of it. The profile is
 * read once: its tags are the business's tags it holds (the list to pick from is read anyway).
 */
export async function getSubscriberPage(
  ctx: Ctx,
  businessId: string,
  rawPhone: string,
): Promise<SubscriberPageView> {
  const phone = await subscriberPhone(ctx, businessId, rawPhone);
  const [[profile], definitions, tags, consent, campaigns, activity] = await Promise.all([
    ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.businessId, businessId), eq(profiles.phone, phone))),
    listAttributeDefinitions(ctx, businessId),
    listTags(ctx, businessId),
    consentHistory(ctx, businessId, phone),
    rawQuery<{
      promotion_id: string;
      name: string;
      channel_type: string;
      status: string;
      interacted: boolean;
      sent_at: Date;
    }>(
      ctx.db,
      `SELECT r.promotion_id, p.name, p.channel_type, m.status, r.interacted, m.created_at AS sent_at
       FROM promotion_recipients r
       JOIN promotions p ON p.id = r.promotion_id AND p.business_id = $1
       JOIN messages m ON m.id = r.message_id AND m.business_id = $1
       WHERE r.business_id = $1 AND r.phone = $2 AND r.message_id IS NOT NULL
       ORDER BY m.created_at DESC LIMIT ${CAMPAIGNS_SHOWN}`,
      [businessId, phone],
    ),
    subscriberActivity(ctx, businessId, phone),
  ]);
  if (!profile) throw notFound("Subscriber");
  const held = new Set(profile.tagIds);
  const audience: SubscriberAudienceView = {
    phone,
    attributes: profile.attributes,
    tags: tags.filter((t) => held.has(t.id)).map(({ id, name, colour }) => ({ id, name, colour })),
  };
  return {
    profile,
    audience,
    definitions,
    tags,
    consent,
    activity,
    campaigns: campaigns.map((c) => ({
      promotionId: c.promotion_id,
      name: c.name,
      channel: c.channel_type,
      status: c.status,
      interacted: c.interacted,
      sentAt: Math.floor(c.sent_at.getTime() / 1000),
    })),
  };
}
