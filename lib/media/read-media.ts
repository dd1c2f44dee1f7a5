import { and, eq } from "drizzle-orm";
import { mediaObjects } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { mediaStorage } from "./storage";

/** The bytes of a business's upload; another business's hash is simply not found. */
export async function readMedia(
  ctx: Ctx,
  input: { businessId: string; sha256: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!/^[0-9a-f]{64}$/.test(input.sha256)) throw notFound("Media");
  const [row] = await ctx.db
    .select({ contentType: mediaObjects.contentType })
    .from(mediaObjects)
    .where(and(eq(mediaObjects.businessId, input.businessId), eq(mediaObjects.sha256, input.sha256)));
  if (!row) throw notFound("Media");
  const bytes = await mediaStorage().get(input.sha256);
  if (!bytes) throw notFound("Media");
  return { bytes, contentType: row.contentType };
}

/** Where API clients fetch a business's media (with their key): used in header_handle. */
export const mediaApiPath = (businessId: string, sha256: string) => `/api/v1/media/${businessId}/${sha256}`;
