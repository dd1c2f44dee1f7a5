import { CredentialsSignin } from "@auth/core/errors";
import { log } from "../log";
import { SignInThrottled } from "./sign-in-throttled";

/**
 * next-auth's logger. A refused sign-in is an expected outcome: one info line, no stack, no
 * credentials. It is recognised by class (and by the static `type`, which survives
 * minification), never by `error.name`: the production build minifies class names, and the
 * old name comparison logged every wrong password as an error with its stack.
 */
export const authLogger = {
  error(error: Error) {
    if (error instanceof CredentialsSignin || (error as { type?: unknown }).type === "CredentialsSignin") {
      // The throttle logged its own line when it refused.
      if (!(error instanceof SignInThrottled)) log.info("dashboard sign-in refused");
      return;
    }
    log.error({ err: error }, "auth error");
  },
  warn(code: string) {
    log.warn({ code }, "auth warning");
  },
  // next-auth's debug output includes the submitted form (the password): never written.
  debug() {},
};
