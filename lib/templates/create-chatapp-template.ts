import { and, eq, inArray } from "drizzle-orm";
import { mediaObjects } from "@/db/schema";
import type { Ctx } from "../context";
import { invalid } from "../errors";
import { saveImage } from "../media/save-image";
import { insertTemplate } from "./insert-template";
import { lintChatappComponents } from "./lint-template";
import { parseInput } from "./parse-input";
import { createChatappTemplateInput, type TemplateView } from "./schemas";
import { imageHeaderCount } from "./template-view";

export type UploadedFile = { bytes: Uint8Array; fileName?: string };

/**
 * Creates a chatapp template (D1, D2, dashboard). Images are given as files, one per IMAGE
 * header in component order (top header, then each carousel card); each is checked by
 * content and stored by hash in the same transaction as the template. The dashboard uploads
 * images first (instant preview, no server-action body limit) and passes their hashes as
 * `mediaHashes` instead; each must be an upload of this business.
 */
export async function createChatappTemplate(
  ctx: Ctx,
  input: { businessId: string; template: unknown; files?: UploadedFile[]; mediaHashes?: string[] },
): Promise<TemplateView> {
  const t = parseInput(createChatappTemplateInput, input.template);
  const files = input.files ?? [];
  const uploaded = input.mediaHashes ?? [];
  const needed = imageHeaderCount(t.components);
  if (files.length + uploaded.length !== needed || (files.length > 0 && uploaded.length > 0)) {
    throw invalid(
      needed === 0
        ? "This template has no IMAGE header, so it takes no files"
        : `This template has ${needed} IMAGE header(s); send ${needed} image file(s) in the form-data key 'files' (got ${files.length + uploaded.length})`,
      [{ path: "files", message: `Expected ${needed} file(s), got ${files.length + uploaded.length}` }],
    );
  }
  const mediaHashes: string[] = [...uploaded];
  return insertTemplate(
    ctx,
    {
      businessId: input.businessId,
      channel: "chatapp",
      name: t.name,
      language: t.language,
      category: t.category,
      // header_handle is output-only (the media URL); never store what the caller sent.
      components: t.components.map(stripHandles),
      rcsCard: null,
      mediaHashes,
      lintWarnings: lintChatappComponents(t.components),
    },
    async (tx) => {
      if (uploaded.length > 0) await requireOwnedMedia(tx, input.businessId, uploaded);
      for (const [i, f] of files.entries()) {
        const saved = await saveImage(tx, {
          businessId: input.businessId,
          bytes: f.bytes,
          fileName: f.fileName,
          path: files.length > 1 ? `files.${i}` : "files",
        });
        mediaHashes.push(saved.sha256);
      }
    },
  );
}

export function stripHandles<T extends { type: string }>(c: T): T {
  if (c.type === "HEADER") return { ...c, example: { header_handle: [] } };
  if (c.type === "CAROUSEL") {
    const car = c as unknown as { cards: { components: { type: string }[] }[] };
    return { ...c, cards: car.cards.map((card) => ({ components: card.components.map(stripHandles) })) };
  }
  return c;
}

/** Each hash must be an upload of this business (the dashboard uploads images first). */
export async function requireOwnedMedia(ctx: Ctx, businessId: string, hashes: string[]): Promise<void> {
  const rows = await ctx.db
    .select({ sha256: mediaObjects.sha256 })
    .from(mediaObjects)
    .where(and(eq(mediaObjects.businessId, businessId), inArray(mediaObjects.sha256, hashes)));
  const owned = new Set(rows.map((r) => r.sha256));
  const missing = hashes.findIndex((h) => !owned.has(h));
  if (missing >= 0)
    throw invalid("Upload the image again", [{ path: `files.${missing}`, message: "Unknown image" }]);
}
