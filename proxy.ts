import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { auth } from "@/auth";
import { pageGate, pageNeedsUser } from "@/lib/auth/page-gate";
import { sessionUserOf } from "@/lib/auth/session";

/**
 * HTTP tells the truth: a page the user may not open answers 307 (to sign-in, the password
 * change, or the role's home page) from the role table in lib/auth/access.ts before Next.js
 * renders anything, instead of a 200 whose streamed body redirects. Runs in the server's own
 * Node process (Next 16 proxies run on Node), so it reads the user from the same database pool
 * as the pages.
 */
// next-auth's middleware form: it reads the session cookie into req.auth (typed for route
// handlers, hence the cast; Next calls a proxy with the request and its event).
const gate = auth(async (req) => {
  const to = pageGate(req.nextUrl.pathname, await sessionUserOf(req.auth));
  return to ? NextResponse.redirect(new URL(to, req.nextUrl), 307) : NextResponse.next();
}) as unknown as (req: NextRequest, event: NextFetchEvent) => Promise<Response>;

export async function proxy(req: NextRequest, event: NextFetchEvent) {
  // Only page loads of guarded pages: server actions (POST), route handlers and open pages
  // answer for themselves, and next-auth never touches their cookies here (a password change
  // sets a new session in its action's answer).
  if ((req.method !== "GET" && req.method !== "HEAD") || !pageNeedsUser(req.nextUrl.pathname)) {
    return NextResponse.next();
  }
  return gate(req, event);
}

export const config = {
  // Pages only: not the API (Hono answers it before Next sees it), assets or Next's own files,
  // nor the dashboard's upload routes. Next.js buffers the body of every request its proxy runs
  // for, and cuts it at 10 MB (experimental.proxyClientMaxBodySize): a 12 MB attachment
  // reached /inbox/media cut short and failed, and a list upload (up to 200 MB) would too. Those
  // routes check their own role (requireRoute); proxy-matcher.test.ts keeps every POST route
  // out of this list.
  matcher: [
    "/((?!api/|_next/|media/|icon\\.svg|favicon\\.ico|inbox/media|templates/media|campaigns/new/upload|campaigns/lists/upload|campaigns/opt-outs/import).*)",
  ],
};
