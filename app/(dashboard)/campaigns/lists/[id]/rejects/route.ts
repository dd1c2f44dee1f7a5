import { csvDownload } from "@/lib/actions/csv-download";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { findListName, listRejectsCsv } from "@/lib/promotions/dashboard/list-rejects-csv";

/** A list's refused rows (row, phone, reason) as a CSV download, streamed page by page. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/lists/[id]/rejects");
    const { id } = await params;
    const ctx = userCtx(user);
    const name = await findListName(ctx, user.businessId, id);
    const file = `${name.replace(/[^\w.-]+/g, "_").slice(0, 80) || "list"}-refused-rows.csv`;
    return csvDownload(listRejectsCsv(ctx, user.businessId, id), file);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
