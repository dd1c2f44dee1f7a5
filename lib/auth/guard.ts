import { redirect } from "next/navigation";
import { AppError } from "../errors";
import type { SessionUser } from "../users/schemas";
import { actions, decide, layouts, pages, routes, type Rule, type UserFor } from "./access";
import { refusalPath } from "./page-gate";
import { currentUser } from "./session";

// The guards of lib/auth/access.ts. Each page, layout, server action and route handler calls
// one of them with its own key first; the walk test checks that they all do.

/** Only keys whose rule needs a signed-in user have a guard: the others are open by definition. */
type Guarded<T extends Record<string, Rule>> = {
  [K in keyof T]: T[K]["roles"] extends "anyone" ? never : K;
}[keyof T];

/** The action keys with a guard (defineAction passes the others without reading the session). */
export type GuardedAction = Guarded<typeof actions>;

async function pass(rule: Rule): Promise<SessionUser> {
  const user = await currentUser();
  const d = decide(rule, user);
  if (d.allowed) return user!;
  // The home page of every role is allowed to it (tested), so this cannot loop. proxy.ts sends
  // the same redirect before rendering; this one holds for a page the proxy did not see.
  redirect(refusalPath(d, user));
}

/** For a page: the user, or a redirect (sign-in, password change, or the role's home page). */
export async function requirePage<K extends Guarded<typeof pages>>(
  page: K,
): Promise<UserFor<(typeof pages)[K]>> {
  return (await pass(pages[page])) as UserFor<(typeof pages)[K]>;
}

/** For a layout: as requirePage. Pages still guard themselves: Next renders them in parallel. */
export async function requireLayout<K extends Guarded<typeof layouts>>(
  layout: K,
): Promise<UserFor<(typeof layouts)[K]>> {
  return (await pass(layouts[layout])) as UserFor<(typeof layouts)[K]>;
}

async function check(rule: Rule): Promise<SessionUser> {
  const user = await currentUser();
  const d = decide(rule, user);
  if (d.allowed) return user!;
  throw new AppError(d.reason === "signed_out" ? "unauthorized" : "forbidden", d.message);
}

/**
 * For a server action (called by defineAction, inside runAction): the user, or an AppError that
 * runAction returns as `{ ok: false, message }` (403/401-style; a server action is a public
 * endpoint).
 */
export async function requireAction<K extends Guarded<typeof actions>>(
  action: K,
): Promise<UserFor<(typeof actions)[K]>> {
  return (await check(actions[action])) as UserFor<(typeof actions)[K]>;
}

/** For a route handler: the user, or an AppError for routeErrorResponse (401 or 403). */
export async function requireRoute<K extends Guarded<typeof routes>>(
  route: K,
): Promise<UserFor<(typeof routes)[K]>> {
  return (await check(routes[route])) as UserFor<(typeof routes)[K]>;
}
