import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { notFound } from "@/lib/errors";
import { readMedia } from "@/lib/media/read-media";

/**
 * Image previews for the dashboard (the signed-in user's business) and the console
 * (operators name the business with ?business=).
 */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ hash: string }> },
): Promise<Response> {
  try {
    const user = await requireRoute("GET /templates/media/[hash]");
    const asked = new URL(req.url).searchParams.get("business");
    const businessId = user.role === "OPERATOR" ? asked : user.businessId;
    if (!businessId) throw notFound("Image");
    const m = await readMedia(userCtx(user), { businessId, sha256: (await params).hash });
    return new Response(new Uint8Array(m.bytes), {
      headers: {
        "content-type": m.contentType,
        "cache-control": "private, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
