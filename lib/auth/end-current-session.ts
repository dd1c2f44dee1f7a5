import { auth } from "@/auth";
import { systemCtx } from "../context";
import { log } from "../log";
import { endSession } from "../users/end-session";

/**
 * Records the signed-in browser's session as ended (sign-out), so its JWT opens nothing from
 * now on, whatever becomes of the cookie. A failure is logged, never thrown: the cookie is
 * dropped all the same.
 */
export async function endCurrentSession(): Promise<void> {
  const session = (await auth()) as { uid?: unknown; sid?: unknown; expires?: string } | null;
  if (typeof session?.uid !== "string" || typeof session.sid !== "string" || !session.expires) return;
  await endSession(systemCtx("sign-out"), {
    sid: session.sid,
    userId: session.uid,
    expiresAt: new Date(session.expires),
  }).catch((err: unknown) => log.error({ err }, "could not record the sign-out"));
}
