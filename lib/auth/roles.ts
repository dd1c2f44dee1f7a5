import type { SessionUser } from "../users/schemas";
import type { PageKey } from "./access";

export type Role = SessionUser["role"];

// Who may open and run what is the table in ./access.ts; the guards are in ./guard.ts.

/** Where "/" (and a refused page) sends a signed-in user: a page its role may open (tested). */
export function homePathFor(role: Role): PageKey {
  if (role === "OPERATOR") return "/console/businesses";
  if (role === "AGENT") return "/calls";
  return "/overview";
}
