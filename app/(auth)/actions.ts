"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/auth";
import { fail, runAction, toActionError, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { endCurrentSession } from "@/lib/auth/end-current-session";
import { SignInThrottled } from "@/lib/auth/sign-in-throttled";
import { userCtx } from "@/lib/auth/user-ctx";
import { changePassword } from "@/lib/users/change-password";
import { changePasswordInput } from "@/lib/users/change-password-input";
import { signInInput } from "@/lib/users/schemas";

const BAD_CREDENTIALS = "That e-mail and password do not match an active account.";

/** Signs in and redirects to "/" (which picks the home page for the role). */
export async function signInAction(raw: unknown): Promise<ActionResult<never>> {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) return toActionError(parsed.error);
  try {
    await signIn("credentials", { ...parsed.data, redirectTo: "/" });
  } catch (err) {
    // Success is a thrown redirect and must propagate; a failed sign-in is an AuthError.
    if (err instanceof SignInThrottled) return fail(err.retryMessage);
    if (err instanceof AuthError) return fail(BAD_CREDENTIALS);
    throw err;
  }
  return fail(BAD_CREDENTIALS);
}

/**
 * Ends this session on the server, then drops its cookie. The server side is what counts: a
 * JWT stays valid until it expires, and a page response already in flight when the user
 * signed out may set the cookie again (next-auth refreshes it on page loads).
 */
export async function signOutAction(): Promise<void> {
  await endCurrentSession();
  await signOut({ redirectTo: "/login" });
}

/**
 * Sets a new password. It bumps the session version (other sessions end), so the user is
 * signed in again here with the new password and lands on their home page.
 */
export async function changePasswordAction(raw: unknown): Promise<ActionResult<never>> {
  const res = await runAction(async () => {
    const user = await requireAction("changePasswordAction");
    const input = changePasswordInput.parse(raw);
    const changed = await changePassword(userCtx(user), { userId: user.id, ...input });
    return { email: changed.email, newPassword: input.newPassword };
  }, raw);
  if (!res.ok) return res;
  await signIn("credentials", { email: res.data.email, password: res.data.newPassword, redirectTo: "/" });
  return fail("Your password was changed; sign in again.");
}
