"use server";

import { AuthError } from "next-auth";
import { z } from "zod";
import { signIn, signOut } from "@/auth";
import { defineAction } from "@/lib/actions/define-action";
import { endCurrentSession } from "@/lib/auth/end-current-session";
import { SignInThrottled } from "@/lib/auth/sign-in-throttled";
import { AppError, unauthorized } from "@/lib/errors";
import { changePassword } from "@/lib/users/change-password";
import { changePasswordInput } from "@/lib/users/change-password-input";
import { signInInput } from "@/lib/users/schemas";

const BAD_CREDENTIALS = "That e-mail and password do not match an active account.";

/** Signs in and redirects to "/" (which picks the home page for the role). */
export const signInAction = defineAction(
  { action: "signInAction", input: signInInput },
  async (input): Promise<never> => {
    try {
      await signIn("credentials", { ...input, redirectTo: "/" });
    } catch (err) {
      // Success is a thrown redirect and must propagate; a failed sign-in is an AuthError.
      if (err instanceof SignInThrottled) throw new AppError("rate_limited", err.retryMessage);
      if (err instanceof AuthError) throw unauthorized(BAD_CREDENTIALS);
      throw err;
    }
    throw unauthorized(BAD_CREDENTIALS);
  },
);

/**
 * Ends this session on the server, then drops its cookie. The server side is what counts: a
 * JWT stays valid until it expires, and a page response already in flight when the user
 * signed out may set the cookie again (next-auth refreshes it on page loads).
 */
export const signOutAction = defineAction(
  // A form's action: called with the (empty) form's data, which it does not read.
  { action: "signOutAction", input: z.tuple([]) },
  async () => {
    await endCurrentSession();
    await signOut({ redirectTo: "/login" });
    return undefined;
  },
);

/**
 * Sets a new password. It bumps the session version (other sessions end), so the user is
 * signed in again here with the new password and lands on their home page.
 */
export const changePasswordAction = defineAction(
  { action: "changePasswordAction", input: changePasswordInput },
  async (input, { user, ctx }): Promise<never> => {
    const changed = await changePassword(ctx, { userId: user.id, ...input });
    await signIn("credentials", { email: changed.email, password: input.newPassword, redirectTo: "/" });
    throw unauthorized("Your password was changed; sign in again.");
  },
);
