import type { Ctx } from "../context";
import { invalid } from "../errors";
import { checkMediaSize, storeMedia, type SavedMedia } from "./store-media";

/** Meta takes a header's sample video up to 16 MB; documents are held to the same here. */
export const MAX_SAMPLE_BYTES = 16 * 1024 * 1024;

export type SampleFormat = "DOCUMENT" | "VIDEO";
const TYPES: Record<SampleFormat, { contentType: string; name: string }> = {
  DOCUMENT: { contentType: "application/pdf", name: "a PDF document" },
  VIDEO: { contentType: "video/mp4", name: "an MP4 video" },
};

/** PDF ("%PDF-") or MP4 (an ISO media "ftyp" box first) by content; names are not trusted. */
export function detectSampleType(bytes: Uint8Array): SampleFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 5 && ascii(0, 5) === "%PDF-") return "DOCUMENT";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") return "VIDEO";
  return null;
}

/**
 * Stores the sample of a DOCUMENT (PDF) or VIDEO (MP4) header, as Meta's template review asks
 * for one, and records that the business owns it (as saveImage does for images).
 */
export async function saveSample(
  ctx: Ctx,
  input: { businessId: string; bytes: Uint8Array; format: SampleFormat; fileName?: string; path?: string },
): Promise<SavedMedia> {
  const path = input.path ?? "file";
  const want = TYPES[input.format];
  checkMediaSize(input.bytes, path, {
    max: MAX_SAMPLE_BYTES,
    empty: "The file is empty",
    tooLarge: "Samples may be at most 16 MB",
  });
  if (detectSampleType(input.bytes) !== input.format)
    throw invalid(`The sample must be ${want.name}`, [
      { path, message: `The content is not ${want.name} (checked by content, not by name)` },
    ]);
  return storeMedia(ctx, { ...input, contentType: want.contentType });
}
