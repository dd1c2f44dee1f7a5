import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { invalid } from "@/lib/errors";
import { importOptOuts } from "@/lib/promotions/opt-outs/import-opt-outs";

/** An opt-out CSV import from the Opt-outs page: the file is the raw body, read as it arrives. */
export async function POST(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("POST /campaigns/opt-outs/import");
    if (!req.body) throw invalid("Choose a CSV file", [{ path: "file", message: "Required" }]);
    const result = await importOptOuts(userCtx(user), {
      businessId: user.businessId,
      source: req.body as unknown as AsyncIterable<Uint8Array>,
    });
    return Response.json(result);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
