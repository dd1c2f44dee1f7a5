import type { Ctx } from "../../context";
import { findSendableTemplate } from "../../templates/find-sendable-template";
import type { TemplateView } from "../../templates/schemas";
import type { TemplateChannel } from "../../templates/template-fields";
import { ttlCache } from "../../cache/ttl-cache";

const cache = ttlCache<TemplateView>();

/**
 * findSendableTemplate (an APPROVED template or a 400 naming the problem) behind a short
 * cache: the send path asks for the same template on every request. Failures are not cached.
 */
export function sendableTemplate(
  ctx: Ctx,
  input: { businessId: string; channel: TemplateChannel; name?: string; id?: string; language?: string },
): Promise<TemplateView> {
  const key = `${input.businessId}:${input.channel}:${input.id ?? ""}:${input.name ?? ""}:${input.language ?? ""}`;
  return cache.get(key, () => findSendableTemplate(ctx, input));
}
