import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { conversationStream } from "@/lib/conversations/live/conversation-stream";

export const dynamic = "force-dynamic";

/** The inbox's live changes for the signed-in user (server-sent events). */
export async function GET(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("GET /inbox/events");
    const stream = await conversationStream(userCtx(user), user.businessId, req.signal);
    return new Response(stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      },
    });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
