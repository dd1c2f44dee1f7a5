import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countUnread } from "@/lib/conversations/count-unread";

export const dynamic = "force-dynamic";

/** The menu's Inbox count, re-read by every page when the inbox's event stream reports a change. */
export async function GET(): Promise<Response> {
  try {
    const user = await requireRoute("GET /inbox/unread");
    const unread = await countUnread(userCtx(user), user.businessId);
    return Response.json({ unread }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
