import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { invalid } from "@/lib/errors";
import { streamListRejects } from "@/lib/promotions/lists/stream-list-rejects";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The refused rows of one of the business's lists (row, phone, reason) as a CSV download. */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ listId: string }> },
): Promise<Response> {
  try {
    const user = await requireRoute("GET /campaigns/new/rejects/[listId]");
    const { listId } = await params;
    if (!UUID.test(listId)) throw invalid("Not a list id", [{ path: "listId", message: "Invalid id" }]);
    const lines = streamListRejects(userCtx(user), user.businessId, listId);
    // The first line is read before answering, so an unknown list is a 404, not a broken download.
    const first = await lines.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="rejected-rows-${listId.slice(-8)}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
