import { and, eq, inArray } from "drizzle-orm";
import { mediaObjects } from "@/db/schema";
import type { Ctx } from "../context";
import { invalid } from "../errors";
import { saveImage } from "../media/save-image";
import { saveSample, type SampleFormat } from "../media/save-sample";
import { insertTemplate } from "./insert-template";
import { lintChatappComponents } from "./lint-template";
import { parseTemplateInput } from "./parse-input";
import { createChatappTemplateInput } from "./chatapp-schemas";
import type { TemplateView } from "./schemas";
import { imageHeaderCount } from "./template-view";

export type UploadedFile = { bytes: Uint8Array; fileName?: string };

/**
 * Creates a chatapp template (D1, D2, dashboard). Images are given as files, one per IMAGE
 * header in component order (top header, then each carousel card); each is checked by
 * content and stored by hash in the same transaction as the template. The dashboard uploads
 * images first (instant preview, no server-action body limit) and passes their hashes as
 * `mediaHashes` instead; each must be an upload of this business. A DOCUMENT or VIDEO header
 * may come with its sample (a PDF or an MP4, first), as Meta's review asks; without one it is
 * accepted as before.
 */
export async function createChatappTemplate(
  ctx: Ctx,
  input: { businessId: string; template: unknown; files?: UploadedFile[]; mediaHashes?: string[] },
): Promise<TemplateView> {
  const t = parseTemplateInput(createChatappTemplateInput, input.template);
  const files = input.files ?? [];
  const uploaded = input.mediaHashes ?? [];
  const needed = imageHeaderCount(t.components);
  const given = files.length + uploaded.length;
  const sample = sampleFormat(t.components);
  const withSample = sample !== undefined && given === needed + 1;
  if ((given !== needed && !withSample) || (files.length > 0 && uploaded.length > 0)) {
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
      lintWarnings: lintChatappComponents(t.components, t.category),
    },
    async (tx) => {
      if (uploaded.length > 0) await requireOwnedMedia(tx, input.businessId, uploaded);
      if (withSample && uploaded.length > 0) await requireSample(tx, input.businessId, uploaded[0]!, sample);
      for (const [i, f] of files.entries()) {
        const file = {
          businessId: input.businessId,
          bytes: f.bytes,
          fileName: f.fileName,
          path: files.length > 1 ? `files.${i}` : "files",
        };
        const saved =
          withSample && i === 0
            ? await saveSample(tx, { ...file, format: sample })
            : await saveImage(tx, file);
        mediaHashes.push(saved.sha256);
      }
    },
  );
}

/** The top header's format when it is a DOCUMENT or VIDEO (which may bring a sample). */
export function sampleFormat(components: readonly { type: string }[]): SampleFormat | undefined {
  const h = components.find((c) => c.type === "HEADER") as { format?: string } | undefined;
  return h?.format === "DOCUMENT" || h?.format === "VIDEO" ? h.format : undefined;
}

const SAMPLE_TYPES: Record<SampleFormat, string> = { DOCUMENT: "application/pdf", VIDEO: "video/mp4" };

/** An uploaded sample must be of its header's kind (a PDF for DOCUMENT, an MP4 for VIDEO). */
async function requireSample(ctx: Ctx, businessId: string, sha256: string, format: SampleFormat) {
  const [row] = await ctx.db
    .select({ contentType: mediaObjects.contentType })
    .from(mediaObjects)
    .where(and(eq(mediaObjects.businessId, businessId), eq(mediaObjects.sha256, sha256)));
  if (row?.contentType !== SAMPLE_TYPES[format]) {
    const message = `The ${format.toLowerCase()} header's sample must be ${format === "VIDEO" ? "an MP4 video" : "a PDF document"}`;
    throw invalid(message, [{ path: "mediaHashes.0", message }]);
  }
}

export function stripHandles<T extends { type: string }>(c: T): T {
  // A TEXT header's example is its sample text, kept; a media header's handle is ours to fill.
  if (c.type === "HEADER" && (c as { format?: string }).format !== "TEXT")
    return { ...c, example: { header_handle: [] } };
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
