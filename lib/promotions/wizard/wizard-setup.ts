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
import { draftAbTest, draftAudience, type DraftAbTest, type DraftAudience } from "./draft-audience";

/** Settings of a promotion to start a new one from ("duplicate as new"). */
export type WizardDraft = {
  name: string;
  /** The campaign's audience: its list, or its segment or tags (the same kind, preselected). */
  audience: DraftAudience;
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
  /** Its A/B test's variants, holdout and winner settings; null without one. */
  abTest: DraftAbTest | null;
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
 * simply unknown): its audience of the same kind, its template and values, its A/B test.
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
  const segments = (await listSegments(ctx, businessId)).map((g) => ({ id: g.id, name: g.name }));
  const tags = (await listTags(ctx, businessId)).map((t) => ({ name: t.name, count: t.count }));
  let draft: WizardDraft | null = null;
  if (from) {
    const p = await findPromotion(ctx, businessId, from, undefined);
    const template = (p.template ?? {}) as { components?: unknown };
    const abTest = draftAbTest(p.abTest);
    draft = {
      name: `${p.name} (copy)`.slice(0, 200),
      audience: draftAudience(p, { segments, tags }),
      channelType: p.channelType,
      phoneNumberId: p.phoneNumberId ?? "",
      // With an A/B test the message step's template is its first variant's.
      templateId: abTest?.first.templateId ?? p.templateId,
      components: abTest?.first.components ?? template.components ?? [],
      batchSize: p.batchSize,
      batchTimer: p.batchTimer,
      staggered: p.staggered,
      retryPromotion: p.retryPromotion,
      maxRetries: p.maxRetries,
      stopOnCategoryUpdate: p.stopOnCategoryUpdate,
      trackClicks: p.trackClicks,
      attributionWindow: p.attributionWindow,
      abTest,
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
    segments,
    tags,
    draft,
    mediaBase: publishedMediaUrl(businessId, ""),
  };
}
