import { mediaObjects } from "@/db/schema";
import type { Ctx } from "../context";
import { AppError, invalid } from "../errors";
import { detectImageType } from "./detect-image-type";
import { mediaStorage } from "./storage";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type SavedMedia = { sha256: string; contentType: string; size: number };

/**
 * Stores a JPEG or PNG image (by content, at most 5 MB) for a business and records that the
 * business owns it. The bytes go to the content-addressed store before the row: a crash in
 * between leaves an unreferenced blob, never a row without bytes.
 */
export async function saveImage(
  ctx: Ctx,
  input: { businessId: string; bytes: Uint8Array; fileName?: string; path?: string },
): Promise<SavedMedia> {
  const path = input.path ?? "files";
  if (input.bytes.length === 0) throw invalid("The image file is empty", [{ path, message: "Empty file" }]);
  if (input.bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError("payload_too_large", "Images may be at most 5 MB", [
      { path, message: `${input.bytes.length} bytes; the limit is ${MAX_IMAGE_BYTES}` },
    ]);
  }
  const type = detectImageType(input.bytes);
  if (!type) {
    throw invalid("The image must be a JPEG or PNG file", [
      { path, message: "The content is not a JPEG or PNG image (checked by content, not by name)" },
    ]);
  }
  const sha256 = await mediaStorage().put(input.bytes);
  await ctx.db
    .insert(mediaObjects)
    .values({
      businessId: input.businessId,
      sha256,
      contentType: type.contentType,
      size: input.bytes.length,
      fileName: input.fileName?.slice(0, 255) ?? null,
    })
    .onConflictDoNothing();
  return { sha256, contentType: type.contentType, size: input.bytes.length };
}
