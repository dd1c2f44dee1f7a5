import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { exportProfiles } from "@/lib/profiles/export-profiles";

/** The profiles list (?q= as on the page) as a CSV download, streamed page by page. */
export async function GET(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("GET /profiles/export");
    const q = (new URL(req.url).searchParams.get("q") ?? "").trim().slice(0, 100);
    const lines = exportProfiles(userCtx(user), user.businessId, q || undefined);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="profiles-${day}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
