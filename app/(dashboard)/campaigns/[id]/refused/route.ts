import { csvDownload } from "@/lib/actions/csv-download";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { refusedRowsOfPromotion } from "@/lib/promotions/launch/refused-rows";

/** The rows of the campaign's list refused at launch (row, phone, reason) as a CSV download. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/[id]/refused");
    const { id } = await params;
    const { rows, fileName } = await refusedRowsOfPromotion(userCtx(user), user.businessId, id);
    return csvDownload(rows, fileName);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
