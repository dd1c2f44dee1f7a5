import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { streamPromotionReport } from "@/lib/promotions/reports/stream-promotion-report";

/** The campaign's E3 report (CSV, one row per recipient), streamed as the API streams it. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/[id]/report");
    const { id } = await params;
    const body = await streamPromotionReport(userCtx(user), user.businessId, id);
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="campaign-${id}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
