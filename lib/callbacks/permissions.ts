import { actions, roleMay } from "../auth/access";
import type { Role } from "../auth/roles";

/**
 * Whether the Callbacks page shows signing secrets (and returns a new endpoint's secret): the
 * same rule as revealing one (lib/auth/access.ts), so the page and the action never disagree.
 */
export function canSeeCallbackSecrets(role: Role): boolean {
  return roleMay(role, actions.revealSecretAction);
}
