import { CredentialsSignin } from "@auth/core/errors";

/**
 * Thrown from the credentials `authorize` when the sign-in throttle refuses the attempt.
 * next-auth rethrows a CredentialsSignin to the server action unchanged, so the sign-in form
 * can show `retryMessage` (when to try again); its HTTP route redirects with code=throttled.
 * (@auth/core is the exact version next-auth pins; next-auth itself needs the Next runtime.)
 */
export class SignInThrottled extends CredentialsSignin {
  code = "throttled";
  constructor(
    readonly retryMessage: string,
    readonly retryAfter: number,
  ) {
    super(retryMessage);
  }
}
