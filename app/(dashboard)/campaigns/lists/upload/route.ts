import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { invalid } from "@/lib/errors";
import { ingestList } from "@/lib/promotions/lists/ingest-list";

/**
 * A list upload from the Lists page: the CSV is the raw request body (?name= the list's name),
 * read as it arrives by the same ingestList as the API's list upload, so a big file never sits
 * in memory (a server action would buffer it, and has a body limit).
 */
export async function POST(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("POST /campaigns/lists/upload");
    if (!req.body) throw invalid("Choose a CSV file", [{ path: "file", message: "Required" }]);
    const ingest = await ingestList(userCtx(user), {
      businessId: user.businessId,
      name: new URL(req.url).searchParams.get("name") ?? "",
      source: req.body as unknown as AsyncIterable<Uint8Array>,
      createdBy: user.id,
    });
    return Response.json({ ...ingest.list, rejectedRows: ingest.rejectedRows });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
