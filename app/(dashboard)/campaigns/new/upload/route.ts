import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { invalid } from "@/lib/errors";
import { uploadWizardList } from "@/lib/promotions/lists/upload-wizard-list";

const optional = (v: string | null) => (v && v.trim() ? v.trim() : undefined);

/**
 * The wizard's dry run: the request body IS the CSV (the browser sends the file as it is, with
 * upload progress), streamed into the list `?name=` with `?phoneColumn=` and `?defaultCountry=`;
 * never buffered, so the size limit is PROMOTION_LIST_MAX_BYTES, not a body limit.
 */
export async function POST(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("POST /campaigns/new/upload");
    // Only a script sends text/csv (a cross-site form cannot): the cookie alone never uploads.
    if (!/^text\/csv\b/i.test(req.headers.get("content-type") ?? "")) {
      throw invalid("Send the CSV as the body with Content-Type text/csv", [
        { path: "file", message: "Not a CSV upload" },
      ]);
    }
    const q = new URL(req.url).searchParams;
    if (!req.body) throw invalid("Choose a CSV file", [{ path: "file", message: "Required" }]);
    const result = await uploadWizardList(userCtx(user), {
      businessId: user.businessId,
      name: q.get("name") ?? "",
      source: req.body as unknown as AsyncIterable<Uint8Array>,
      createdBy: user.id,
      phoneColumn: optional(q.get("phoneColumn")),
      defaultCountry: optional(q.get("defaultCountry")),
    });
    return Response.json(result, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
