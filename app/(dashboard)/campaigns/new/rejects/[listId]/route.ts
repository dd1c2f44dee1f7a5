import { csvDownload } from "@/lib/actions/csv-download";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { refusedRowsFileName } from "@/lib/promotions/dashboard/list-rejects-csv";
import { streamListRejects } from "@/lib/promotions/lists/stream-list-rejects";

/** The refused rows of the wizard's dry-run list (row, phone, reason) as a CSV download. */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ listId: string }> },
): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/new/rejects/[listId]");
    const { listId } = await params;
    const ctx = userCtx(user);
    const file = await refusedRowsFileName(ctx, user.businessId, listId);
    return csvDownload(streamListRejects(ctx, user.businessId, listId), file);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
