import { NextResponse } from "next/server";
import { auth } from "@/auth";
import { pageGate, pageNeedsUser } from "@/lib/auth/page-gate";
import { sessionUserOf } from "@/lib/auth/session";

/**
 * HTTP tells the truth: a page the user may not open answers 307 (to sign-in, the password
 * change, or the role's home page) from the role table in lib/auth/access.ts before Next.js
 * renders anything, instead of a 200 whose streamed body redirects. Only page loads (GET and
 * HEAD) are gated here; server actions, route handlers and the API answer for themselves.
 * Runs in the server's own Node process (Next 16 proxies run on Node), so it reads the user
 * from the same database pool as the pages.
 */
export const proxy = auth(async (req) => {
  const { pathname } = req.nextUrl;
  if ((req.method !== "GET" && req.method !== "HEAD") || !pageNeedsUser(pathname)) return NextResponse.next();
  const to = pageGate(pathname, await sessionUserOf(req.auth));
  return to ? NextResponse.redirect(new URL(to, req.nextUrl), 307) : NextResponse.next();
});

export const config = {
  // Pages only: not the API (Hono answers it before Next sees it), assets or Next's own files.
  matcher: ["/((?!api/|_next/|media/|icon\\.svg|favicon\\.ico).*)"],
};
