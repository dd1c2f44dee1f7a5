import type { templates } from "@/db/schema";
import type { ChatappComponent } from "./chatapp-schemas";
import type { RcsRichCard } from "./rcs-schemas";
import type { LintWarning, TemplateView } from "./schemas";

type Row = typeof templates.$inferSelect;

export function templateView(row: Row): TemplateView {
  return {
    id: row.id,
    businessId: row.businessId,
    channel: row.channel,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    rejectionReason: row.rejectionReason,
    components: row.components as ChatappComponent[],
    rcsCard: (row.rcsCard as RcsRichCard | null) ?? null,
    mediaHashes: row.mediaHashes,
    lintWarnings: row.lintWarnings as LintWarning[],
    provider: row.provider,
    providerRef: row.providerRef,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Counts the IMAGE headers of chatapp components: the top header, then one per card. */
export function imageHeaderCount(components: ChatappComponent[]): number {
  let n = 0;
  for (const c of components) {
    if (c.type === "HEADER" && c.format === "IMAGE") n++;
    if (c.type === "CAROUSEL")
      for (const card of c.cards) n += card.components.filter((x) => x.type === "HEADER").length;
  }
  return n;
}

/**
 * Components with each IMAGE header's `example.header_handle` set to its media URL (carousel
 * cards' headers are IMAGE), and a DOCUMENT or VIDEO header's when its sample was uploaded.
 */
export function componentsWithMedia(
  components: ChatappComponent[],
  hashes: string[],
  urlOf: (sha256: string) => string,
): ChatappComponent[] {
  let next = 0;
  const fill = <T extends { type: string }>(list: T[]): T[] =>
    list.map((c) => {
      const format = (c as { format?: string }).format;
      // A DOCUMENT or VIDEO header owns a hash only when its sample was uploaded.
      if (
        c.type === "HEADER" &&
        format !== "TEXT" &&
        (format === "IMAGE" || hashes.length > imageHeaderCount(components))
      ) {
        const h = hashes[next++];
        return { ...c, example: { header_handle: h ? [urlOf(h)] : [] } };
      }
      if (c.type === "CAROUSEL") {
        const car = c as unknown as Extract<ChatappComponent, { type: "CAROUSEL" }>;
        return {
          ...car,
          cards: car.cards.map((card) => ({ ...card, components: fill(card.components) })),
        } as unknown as T;
      }
      return c;
    });
  return fill(components);
}
