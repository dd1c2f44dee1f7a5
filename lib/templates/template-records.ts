import { and, eq } from "drizzle-orm";
import { businessChannels } from "@/db/schema";
import { rcsConfig } from "../businesses/schemas";
import type { Ctx } from "../context";
import { mediaApiPath } from "../media/read-media";
import { type ChatappComponent } from "./chatapp-schemas";
import { cardContentsOf, type RcsCardContent } from "./rcs-schemas";
import { type LintWarning, type TemplateView, type UsageCounters } from "./schemas";
import { type TemplateStatus } from "./template-fields";
import { componentsWithMedia } from "./template-view";

/** The spec's chatapp template record (D3, D4), plus the review outcome and lint warnings. */
export type ChatappTemplateRecord = {
  id: string;
  name: string;
  language: string;
  category: string | null;
  status: TemplateStatus;
  components: ChatappComponent[];
  rejectionReason: string | null;
  lintWarnings: LintWarning[];
  analytics?: UsageCounters;
};

/** `origin` makes header_handle an absolute URL the API client can fetch with its key. */
export function chatappRecord(t: TemplateView, origin = ""): ChatappTemplateRecord {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    components: componentsWithMedia(
      t.components,
      t.mediaHashes,
      (h) => origin + mediaApiPath(t.businessId, h),
    ),
    rejectionReason: t.rejectionReason,
    lintWarnings: t.lintWarnings,
  };
}

/** The spec's RCS template record (D6, D7). */
export type RcsTemplateRecord = {
  agentId: string;
  rcsTemplateId: string;
  messageTemplate: { name: string; language: string; components: unknown[]; id: string };
  rcsSpecificFields: { title: string[] };
  rcsOutgoingMessage: null;
  status: TemplateStatus;
  rejectionReason: string | null;
  createdAt: string;
  ttl: number;
};

export function rcsRecord(t: TemplateView, agentId: string | null): RcsTemplateRecord {
  const card = t.rcsCard?.richCard;
  const contents = card ? cardContentsOf(card) : [];
  // The card seen as template components, so one component reader serves both channels; a
  // carousel is a CAROUSEL component of its cards, as a chatapp carousel is.
  const components: unknown[] =
    card && "carouselCard" in card
      ? [{ type: "CAROUSEL", cards: contents.map((c) => ({ components: contentComponents(c) })) }]
      : contentComponents(contents[0]);
  return {
    agentId: `RCSTemplate:${agentId ?? ""}`,
    rcsTemplateId: t.id,
    messageTemplate: { name: t.name, language: t.language, components, id: t.id },
    rcsSpecificFields: { title: contents.flatMap((c) => (c.title ? [c.title] : [])) },
    rcsOutgoingMessage: null,
    status: t.status,
    rejectionReason: t.rejectionReason,
    createdAt: t.createdAt.toISOString(),
    ttl: 0,
  };
}

function contentComponents(content: RcsCardContent | undefined): unknown[] {
  const components: unknown[] = [];
  if (content?.media)
    components.push({
      type: "HEADER",
      format: "IMAGE",
      example: { header_handle: [content.media.contentInfo.fileUrl] },
    });
  if (content?.description || content?.title)
    components.push({ type: "BODY", text: content.description ?? content.title });
  if (content?.suggestions?.length)
    components.push({
      type: "BUTTONS",
      buttons: content.suggestions.map((s) => ({
        type: "URL",
        text: s.action.text,
        url: s.action.openUrlAction.url,
      })),
    });
  return components;
}

/** The agent id of the business's RCS channel (business_channels.config.agentId). */
export async function rcsAgentId(ctx: Ctx, businessId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ config: businessChannels.config })
    .from(businessChannels)
    .where(and(eq(businessChannels.businessId, businessId), eq(businessChannels.channel, "rcs")));
  const parsed = rcsConfig.safeParse(row?.config ?? {});
  return parsed.success ? (parsed.data.agentId ?? null) : null;
}
