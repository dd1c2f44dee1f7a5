import type { Role } from "../auth/roles";

/** Who sees the Callbacks page and can manage endpoints, send tests and replay. */
export function canUseCallbacks(role: Role): boolean {
  return role === "BUSINESS_ADMIN" || role === "MANAGER";
}

/** Signing secrets let their holder forge callbacks to the business's own systems: admins only. */
export function canSeeCallbackSecrets(role: Role): boolean {
  return role === "BUSINESS_ADMIN";
}
