import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { consentPhone } from "@/lib/audiences/consent/consent-phone";
import { exportConsent } from "@/lib/audiences/consent/export-consent";

/** One number's consent history as the CSV proof (oldest first), as the API's export. */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ phone: string }> },
): Promise<Response> {
  try {
    const user = await requireRoute("GET /profiles/[phone]/consent");
    const ctx = userCtx(user);
    const phone = await consentPhone(ctx, user.businessId, (await params).phone);
    return new Response(await exportConsent(ctx, user.businessId, phone), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="consent-${phone}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
