import { routeErrorResponse } from "@/lib/actions/route-error";
import { systemCtx } from "@/lib/context";
import { readPublishedRcsMedia } from "@/lib/templates/rcs-media";

/**
 * GET /media/{businessId}/{sha256}: an image uploaded for an RCS card, without sign-in, because
 * Google's RBM platform fetches the card's fileUrl itself. Only images a live RCS template of
 * that business uses are served; anything else is a 404. Open to anyone in lib/auth/access.ts
 * (such rules have no guard to call).
 */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ businessId: string; hash: string }> },
): Promise<Response> {
  try {
    const { businessId, hash } = await params;
    const m = await readPublishedRcsMedia(systemCtx("rcs-media"), { businessId, sha256: hash });
    return new Response(new Uint8Array(m.bytes), {
      headers: {
        "content-type": m.contentType,
        "cache-control": "public, max-age=86400",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
