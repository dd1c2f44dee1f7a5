import { csvDownload } from "@/lib/actions/csv-download";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { refusedRowsFileName } from "@/lib/promotions/dashboard/list-rejects-csv";
import { refusedRowsOfList } from "@/lib/promotions/launch/refused-rows";

/**
 * The refused rows of the wizard's dry-run list (row, phone, reason) as a CSV download; with
 * `?vars=` (the dry run's variables, once the message is chosen) also the rows with an empty
 * cell for one of them.
 */
export async function GET(
  req: Request,
  { params }: { params: Promise<{ listId: string }> },
): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/new/rejects/[listId]");
    const { listId } = await params;
    const ctx = userCtx(user);
    const file = await refusedRowsFileName(ctx, user.businessId, listId);
    const vars = new URL(req.url).searchParams.get("vars");
    return csvDownload(await refusedRowsOfList(ctx, user.businessId, listId, vars), file);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
