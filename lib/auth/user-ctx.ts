import type { Ctx } from "../context";
import { db } from "../db/pool";
import type { SessionUser } from "../users/schemas";

/** The domain context of a dashboard request: audit rows name the signed-in user. */
export function userCtx(user: SessionUser): Ctx {
  return { db: db(), actor: { type: "user", id: user.id, role: user.role, businessId: user.businessId } };
}
