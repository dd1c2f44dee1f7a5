import type { Ctx } from "../context";
import { invalid } from "../errors";
import { detectImageType } from "./detect-image-type";
import { checkMediaSize, storeMedia, type SavedMedia } from "./store-media";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Stores a JPEG or PNG image (by content, at most 5 MB) for a business and records that the
 * business owns it.
 */
export async function saveImage(
  ctx: Ctx,
  input: { businessId: string; bytes: Uint8Array; fileName?: string; path?: string },
): Promise<SavedMedia> {
  const path = input.path ?? "files";
  checkMediaSize(input.bytes, path, {
    max: MAX_IMAGE_BYTES,
    empty: "The image file is empty",
    tooLarge: "Images may be at most 5 MB",
  });
  const type = detectImageType(input.bytes);
  if (!type) {
    throw invalid("The image must be a JPEG or PNG file", [
      { path, message: "The content is not a JPEG or PNG image (checked by content, not by name)" },
    ]);
  }
  return storeMedia(ctx, { ...input, contentType: type.contentType });
}
