import { publicBaseUrl } from "../http/public-base-url";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import { readMedia } from "../media/read-media";
import { requireOwnedMedia } from "./create-chatapp-template";

/**
 * The public address of an image uploaded for an RCS card. Google's RBM platform fetches
 * `fileUrl` itself (no API key), so such an image is served without sign-in at an address
 * that names the business and the image's SHA-256, and only while a live RCS template of that
 * business uses it (docs/decisions/send-a-test.md).
 */
export const rcsMediaUrl = (businessId: string, sha256: string) =>
  `${publicBaseUrl()}/media/${businessId}/${sha256}`;

/**
 * An RCS card whose images were uploaded (the dashboard form): `cardHashes[i]` is card i's
 * upload (card 0 of a standalone card; "" or absent: that card keeps its URL or has none).
 * Checks the uploads are the business's and points each card's media at its public address.
 */
export async function withUploadedRcsImage<T>(
  ctx: Ctx,
  businessId: string,
  template: T,
  cardHashes: string | (string | undefined)[] | undefined,
): Promise<{ template: T; mediaHashes: string[] }> {
  const perCard = typeof cardHashes === "string" ? [cardHashes] : (cardHashes ?? []);
  const mediaHashes = [...new Set(perCard.filter((h): h is string => !!h))];
  if (mediaHashes.length === 0) return { template, mediaHashes: [] };
  await requireOwnedMedia(ctx, businessId, mediaHashes);
  const t = structuredClone(template) as {
    rcsOutgoingMessage?: {
      richCard?: {
        standaloneCard?: { cardContent?: Record<string, unknown> };
        carouselCard?: { cardContents?: unknown };
      };
    };
  };
  const card = t.rcsOutgoingMessage?.richCard;
  const contents = Array.isArray(card?.carouselCard?.cardContents)
    ? (card.carouselCard.cardContents as Record<string, unknown>[])
    : [card?.standaloneCard?.cardContent];
  perCard.forEach((hash, i) => {
    const content = contents[i];
    if (!hash || !content || typeof content !== "object") return;
    const media = (content.media ?? {}) as { height?: string };
    content.media = {
      height: media.height ?? "MEDIUM",
      contentInfo: { fileUrl: rcsMediaUrl(businessId, hash), forceRefresh: "false" },
    };
  });
  return { template: t as T, mediaHashes };
}

/**
 * The bytes behind rcsMediaUrl (and a chatapp header's public address, publishedMediaUrl):
 * only while a live template of the business uses them, or a campaign of the business sends
 * them as its header image (the wizard's upload), or a conversation reply has sent them (an
 * agent's attachment), since Meta and Google fetch the link.
 */
export async function readPublishedRcsMedia(
  ctx: Ctx,
  input: { businessId: string; sha256: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!/^[0-9a-f]{64}$/.test(input.sha256) || !/^[0-9a-f-]{36}$/.test(input.businessId))
    throw notFound("Image");
  const [used] = await rawQuery<{ used: boolean }>(
    ctx.db,
    `SELECT EXISTS (SELECT 1 FROM templates WHERE business_id = $1 AND deleted_at IS NULL
                      AND media_hashes @> $2::jsonb)
         OR EXISTS (SELECT 1 FROM promotions WHERE business_id = $1
                      AND strpos(template::text, $3) > 0)
         OR EXISTS (SELECT 1 FROM media_objects WHERE business_id = $1 AND sha256 = $4
                      AND sent_at IS NOT NULL) AS used`,
    [
      input.businessId,
      JSON.stringify([input.sha256]),
      `/media/${input.businessId}/${input.sha256}`,
      input.sha256,
    ],
  );
  if (!used?.used) throw notFound("Image");
  return readMedia(ctx, input);
}

/** The public address of any image a business sends as a header (same route as RCS cards). */
export const publishedMediaUrl = rcsMediaUrl;
