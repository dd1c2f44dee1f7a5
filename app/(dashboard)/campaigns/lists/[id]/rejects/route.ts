import { csvDownload } from "@/lib/actions/csv-download";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { refusedRowsFileName } from "@/lib/promotions/dashboard/list-rejects-csv";
import { streamListRejects } from "@/lib/promotions/lists/stream-list-rejects";

/** A list's refused rows (row, phone, reason) as a CSV download, streamed page by page. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/lists/[id]/rejects");
    const { id } = await params;
    const ctx = userCtx(user);
    const file = await refusedRowsFileName(ctx, user.businessId, id);
    return csvDownload(streamListRejects(ctx, user.businessId, id), file);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
