import { currentUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { readMedia } from "@/lib/media/read-media";

/**
 * Image previews for the dashboard (the signed-in user's business) and the console
 * (operators name the business with ?business=).
 */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ hash: string }> },
): Promise<Response> {
  const user = await currentUser();
  if (!user) return new Response("Sign in", { status: 401 });
  const asked = new URL(req.url).searchParams.get("business");
  const businessId = user.role === "OPERATOR" ? asked : user.businessId;
  if (!businessId) return new Response("Not found", { status: 404 });
  try {
    const m = await readMedia(userCtx(user), { businessId, sha256: (await params).hash });
    return new Response(new Uint8Array(m.bytes), {
      headers: {
        "content-type": m.contentType,
        "cache-control": "private, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    if (err instanceof AppError) return new Response(err.message, { status: err.status });
    throw err;
  }
}
