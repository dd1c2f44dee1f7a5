import type { SessionUser } from "../users/schemas";
import type { PageKey } from "./access";

export type Role = SessionUser["role"];

// Who may open and run what is the table in ./access.ts; the guards are in ./guard.ts.

/** Where "/" (and a refused page) sends a signed-in user: a page its role may open (tested). */
export function homePathFor(role: Role): PageKey {
  if (role === "OPERATOR") return "/console/businesses";
  // An agent's day is the inbox (its status and calls are one click away, and in the header).
  if (role === "AGENT") return "/inbox";
  return "/overview";
}
