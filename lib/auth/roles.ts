import type { SessionUser } from "../users/schemas";

export type Role = SessionUser["role"];

/**
 * Who may issue and revoke API keys. A key has the whole API of its business behind it
 * (sending, users, calls), so only business admins manage them; managers run the day-to-day
 * but cannot mint credentials wider than their own role (docs/decisions.md, Dashboard).
 */
export function canManageApiKeys(role: Role): boolean {
  return role === "BUSINESS_ADMIN";
}

/** Where "/" sends a signed-in user. */
export function homePathFor(role: Role): string {
  if (role === "OPERATOR") return "/console/businesses";
  if (role === "AGENT") return "/calls";
  return "/templates";
}
