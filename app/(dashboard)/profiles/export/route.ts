import { csvDownload } from "@/lib/actions/csv-download";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { exportProfiles } from "@/lib/profiles/export-profiles";

/** The profiles list (?q= as on the page) as a CSV download, streamed page by page. */
export async function GET(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("GET /profiles/export");
    const q = (new URL(req.url).searchParams.get("q") ?? "").trim().slice(0, 100);
    const day = new Date().toISOString().slice(0, 10);
    return csvDownload(exportProfiles(userCtx(user), user.businessId, q || undefined), `profiles-${day}.csv`);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
