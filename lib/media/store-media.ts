import { mediaObjects } from "@/db/schema";
import type { Ctx } from "../context";
import { AppError, invalid } from "../errors";
import { mediaStorage } from "./storage";

export type SavedMedia = { sha256: string; contentType: string; size: number };

/** Refuses an empty file and one over `max` bytes, with the caller's words for each. */
export function checkMediaSize(
  bytes: Uint8Array,
  path: string,
  { max, empty, tooLarge }: { max: number; empty: string; tooLarge: string },
): void {
  if (bytes.length === 0) throw invalid(empty, [{ path, message: "Empty file" }]);
  if (bytes.length > max) {
    throw new AppError("payload_too_large", tooLarge, [
      { path, message: `${bytes.length} bytes; the limit is ${max}` },
    ]);
  }
}

/**
 * Stores checked bytes and records that the business owns them (saveImage, saveSample). The
 * bytes go to the content-addressed store before the row: a crash in between leaves an
 * unreferenced blob, never a row without bytes.
 */
export async function storeMedia(
  ctx: Ctx,
  input: { businessId: string; bytes: Uint8Array; contentType: string; fileName?: string },
): Promise<SavedMedia> {
  const sha256 = await mediaStorage().put(input.bytes);
  await ctx.db
    .insert(mediaObjects)
    .values({
      businessId: input.businessId,
      sha256,
      contentType: input.contentType,
      size: input.bytes.length,
      fileName: input.fileName?.slice(0, 255) ?? null,
    })
    .onConflictDoNothing();
  return { sha256, contentType: input.contentType, size: input.bytes.length };
}
