import { routeErrorResponse } from "@/lib/actions/route-error";
import { systemCtx } from "@/lib/context";
import { readPublishedRcsMedia } from "@/lib/templates/rcs-media";

/**
 * GET /media/{businessId}/{sha256}: an upload the providers fetch themselves, without sign-in:
 * an RCS card's or a header's image (Google's RBM platform and Meta fetch the link), or an
 * agent's reply attachment once a reply has sent it. Only media a live template or campaign
 * of that business uses, or a reply sent, is served; anything else is a 404. Open to anyone in lib/auth/access.ts
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
