import type { Ctx } from "@/lib/context";
import { listAttributeDefinitions } from "@/lib/audiences/attribute-definitions";
import { listTags } from "@/lib/audiences/tags";
import { listCampaignChoices } from "@/lib/promotions/campaign-choices";
import type { BuilderChoices } from "./condition-row";

/** What the builder's selects offer: the business's attributes (with types), tags and campaigns. */
export async function loadBuilderChoices(ctx: Ctx, businessId: string): Promise<BuilderChoices> {
  const [attributes, tags, campaigns] = await Promise.all([
    listAttributeDefinitions(ctx, businessId),
    listTags(ctx, businessId),
    listCampaignChoices(ctx, businessId),
  ]);
  return {
    attributes: attributes.map((a) => ({ key: a.key, label: a.label, type: a.type, choices: a.choices })),
    tags: tags.map((t) => t.name),
    campaigns,
  };
}
