import type { SessionUser } from "../users/schemas";
import { decide, pages, routes, type Decision, type PageKey } from "./access";
import { homePathFor } from "./roles";

// The page half of the role table as a function of the URL, so the proxy (proxy.ts) answers a
// refused page with a 307 before Next renders anything; the pages' own guards stay as well.

type Compiled = { key: string; re: RegExp; dynamic: boolean };

function compile(pattern: string): Compiled {
  const re = pattern
    .split("/")
    .map((part) =>
      part.startsWith("[...")
        ? ".+"
        : part.startsWith("[")
          ? "[^/]+"
          : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return { key: pattern, re: new RegExp(`^${re}/?$`), dynamic: pattern.includes("[") };
}

// Static patterns before dynamic ones: /templates/new/chatapp is not /templates/[id].
const pagePatterns = Object.keys(pages)
  .map(compile)
  .sort((a, b) => Number(a.dynamic) - Number(b.dynamic));
const routePatterns = Object.keys(routes).map((k) => compile(k.slice(k.indexOf(" ") + 1)));

/** The page a path opens (its key in the role table), or null: a route handler, an asset, a 404. */
export function matchPage(pathname: string): PageKey | null {
  if (routePatterns.some((p) => p.re.test(pathname))) return null;
  return (pagePatterns.find((p) => p.re.test(pathname))?.key as PageKey | undefined) ?? null;
}

/** Where a refused user goes: sign-in, the password change, or its role's home (allowed to it). */
export function refusalPath(d: Exclude<Decision, { allowed: true }>, user: SessionUser | null): PageKey {
  if (d.reason === "signed_out" || !user) return "/login";
  if (d.reason === "password_change") return "/account/password";
  return homePathFor(user.role);
}

/** Null when `user` may open `pathname` (or it is no page), else the path to send it to. */
export function pageGate(pathname: string, user: SessionUser | null): PageKey | null {
  const page = matchPage(pathname);
  if (!page) return null;
  const d = decide(pages[page], user);
  return d.allowed ? null : refusalPath(d, user);
}

/** Whether opening `pathname` needs the session's user at all (else the proxy skips the lookup). */
export function pageNeedsUser(pathname: string): boolean {
  const page = matchPage(pathname);
  return page !== null && pages[page].roles !== "anyone";
}
