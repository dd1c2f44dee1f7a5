import { listSegments } from "../../audiences/segments/segments";
import { listTags } from "../../audiences/tags";
import type { RowOf } from "../../db/row-of";
import type { targetLists } from "@/db/schema";
import { getBusiness } from "../../businesses/list-businesses";
import { getTimeZone } from "../../businesses/get-time-zone";
import type { Channel } from "../../businesses/schemas";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { listSenderRates } from "../../messages/dispatch/list-sender-rates";
import { listTemplates } from "../../templates/list-templates";
import { publishedMediaUrl } from "../../templates/rcs-media";
import { findPromotion } from "../engine/find-promotion";
import type { WizardTemplate } from "./template-slots";

/** Settings of a promotion to start a new one from ("duplicate as new"). */
export type WizardDraft = {
  name: string;
  listName: string;
  channelType: Channel;
  phoneNumberId: string;
  templateId: string | null;
  components: unknown;
  batchSize: number;
  batchTimer: number;
  staggered: boolean;
  retryPromotion: boolean;
  maxRetries: number;
  stopOnCategoryUpdate: boolean;
  trackClicks: boolean;
  attributionWindow: number;
};

export type WizardSetup = {
  defaultCountry: string | null;
  timeZone: string;
  senders: { channel: Channel; sender: string; perSecond: number; label: string }[];
  templates: WizardTemplate[];
  lists: { name: string; rowCount: number }[];
  /** Saved segments to launch on (counted when picked: a count reads every profile it matches). */
  segments: { id: string; name: string }[];
  /** Tags with how many subscribers have each. */
  tags: { name: string; count: number }[];
  draft: WizardDraft | null;
  /** The public address of an image the wizard uploads, without its SHA-256 (it follows). */
  mediaBase: string;
};

/** How many lists and templates the wizard offers (newest first; the API reaches the rest). */
const OFFERED = 500;

/**
 * What the new-campaign wizard needs of the business: its senders with their rates (for the
 * duration estimate), its APPROVED templates, its lists, segments and tags, its default country and time zone,
 * and, with `from`, the settings of one of its promotions to prefill (another business's id is
 * simply unknown).
 */
export async function wizardSetup(ctx: Ctx, businessId: string, from?: string): Promise<WizardSetup> {
  const business = await getBusiness(ctx, businessId);
  const senders = (await listSenderRates(ctx, businessId)).flatMap((s) =>
    s.channel ? [{ channel: s.channel, sender: s.sender, perSecond: s.perSecond, label: s.label }] : [],
  );
  const { items } = await listTemplates(ctx, businessId, { status: "APPROVED", limit: OFFERED });
  const lists = await rawQuery<Pick<RowOf<typeof targetLists>, "name" | "row_count">>(
    ctx.db,
    `SELECT name, row_count FROM target_lists
     WHERE business_id = $1 AND name NOT LIKE E'\\u0001%' ORDER BY updated_at DESC LIMIT $2`,
    [businessId, OFFERED],
  );
  let draft: WizardDraft | null = null;
  if (from) {
    const p = await findPromotion(ctx, businessId, from, undefined);
    const template = (p.template ?? {}) as { components?: unknown };
    draft = {
      name: `${p.name} (copy)`.slice(0, 200),
      // A segment's or tags' campaign has no list to offer again (its snapshot is hidden).
      listName: p.targetSource === "CSV" ? (p.targetListName ?? "") : "",
      channelType: p.channelType,
      phoneNumberId: p.phoneNumberId ?? "",
      templateId: p.templateId,
      components: template.components ?? [],
      batchSize: p.batchSize,
      batchTimer: p.batchTimer,
      staggered: p.staggered,
      retryPromotion: p.retryPromotion,
      maxRetries: p.maxRetries,
      stopOnCategoryUpdate: p.stopOnCategoryUpdate,
      trackClicks: p.trackClicks,
      attributionWindow: p.attributionWindow,
    };
  }
  return {
    defaultCountry: business.defaultCountry,
    timeZone: await getTimeZone(ctx, businessId),
    senders,
    templates: items.map((t) => ({
      id: t.id,
      name: t.name,
      language: t.language,
      channel: t.channel,
      category: t.category,
      components: t.components,
      rcsCard: t.rcsCard,
      images: t.channel === "chatapp" ? t.mediaHashes.map((h) => publishedMediaUrl(businessId, h)) : [],
    })),
    lists: lists.map((l) => ({ name: l.name, rowCount: l.row_count })),
    segments: (await listSegments(ctx, businessId)).map((g) => ({ id: g.id, name: g.name })),
    tags: (await listTags(ctx, businessId)).map((t) => ({ name: t.name, count: t.count })),
    draft,
    mediaBase: publishedMediaUrl(businessId, ""),
  };
}
