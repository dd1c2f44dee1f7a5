import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid } from "../errors";
import { detectImageType } from "../media/detect-image-type";
import { saveImage } from "../media/save-image";
import { detectSampleType } from "../media/save-sample";
import { checkMediaSize, storeMedia } from "../media/store-media";
import { publishedMediaUrl } from "../templates/rcs-media";

/** WhatsApp takes documents up to 100 MB; an upload through the dashboard is held to 16 MB. */
export const MAX_REPLY_DOCUMENT_BYTES = 16 * 1024 * 1024;

export type ReplyAttachment = {
  mediaType: "image" | "document";
  /** The address the provider fetches it from (served once a reply has sent it). */
  link: string;
  fileName: string;
  size: number;
};

/**
 * A file an agent attaches to a reply: a JPEG or PNG image (at most 5 MB, as WhatsApp takes
 * images) or a PDF document (at most 16 MB), told apart by content, not by name. Stored as the
 * business's; it is not public until a reply sends it (publishReplyMedia).
 */
export async function saveReplyAttachment(
  ctx: Ctx,
  input: { businessId: string; bytes: Uint8Array; fileName: string },
): Promise<ReplyAttachment> {
  const fileName = input.fileName.trim().slice(0, 240) || "file";
  if (detectImageType(input.bytes)) {
    const saved = await saveImage(ctx, { ...input, fileName, path: "file" });
    return {
      mediaType: "image",
      link: publishedMediaUrl(input.businessId, saved.sha256),
      fileName,
      size: saved.size,
    };
  }
  checkMediaSize(input.bytes, "file", {
    max: MAX_REPLY_DOCUMENT_BYTES,
    empty: "The file is empty",
    tooLarge: "Documents may be at most 16 MB",
  });
  if (detectSampleType(input.bytes) !== "DOCUMENT")
    throw invalid("Attach a JPEG or PNG image or a PDF document", [
      {
        path: "file",
        message: "The content is not a JPEG, PNG or PDF file (checked by content, not by name)",
      },
    ]);
  const saved = await storeMedia(ctx, { ...input, fileName, contentType: "application/pdf" });
  return {
    mediaType: "document",
    link: publishedMediaUrl(input.businessId, saved.sha256),
    fileName,
    size: saved.size,
  };
}

/**
 * A media reply whose link is one of our own uploads: the upload must be the business's, and
 * from now on it is served without sign-in (the provider fetches it to deliver the message).
 * Returns false for any other link (an address of the business's own, which must be https).
 */
export async function publishReplyMedia(tx: Ctx, businessId: string, link: string): Promise<boolean> {
  const prefix = publishedMediaUrl(businessId, "");
  if (!link.startsWith(prefix)) return false;
  const sha256 = link.slice(prefix.length);
  const rows = /^[0-9a-f]{64}$/.test(sha256)
    ? await rawQuery<{ sha256: string }>(
        tx.db,
        `UPDATE media_objects SET sent_at = coalesce(sent_at, now())
         WHERE business_id = $1 AND sha256 = $2 RETURNING sha256`,
        [businessId, sha256],
      )
    : [];
  if (rows.length === 0)
    throw invalid("Invalid request", [
      { path: "link", message: "Not one of this business's uploads: attach the file again" },
    ]);
  return true;
}
