import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authLogger } from "@/lib/auth/auth-logger";
import { SignInThrottled } from "@/lib/auth/sign-in-throttled";
import { env } from "@/lib/env";
import { systemCtx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { CLIENT_ADDRESS_HEADER } from "@/lib/server/client-address";
import { signInUser } from "@/lib/users/sign-in-user";
import type { SessionUser } from "@/lib/users/schemas";

const maxAge = env().SESSION_MAX_AGE;

/**
 * Dashboard sign-in: e-mail and password (argon2id), JWT sessions that expire after
 * SESSION_MAX_AGE. Pages re-check the user on each request (lib/auth/session.ts), so a
 * disabled user is out at once.
 */
export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  session: { strategy: "jwt", maxAge },
  jwt: { maxAge },
  pages: { signIn: "/login" },
  // A wrong password is an expected outcome, not an error with a stack trace.
  logger: authLogger,
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      // The throttle sits here, not in the sign-in action, so that next-auth's own
      // /api/auth/callback/credentials route is throttled too.
      authorize: async (credentials, request) => {
        try {
          const user = await signInUser(systemCtx(), {
            credentials,
            address: request.headers.get(CLIENT_ADDRESS_HEADER),
          });
          return user ? { id: user.id, email: user.email, name: user.firstName, sessionUser: user } : null;
        } catch (err) {
          if (err instanceof AppError && err.code === "rate_limited") {
            throw new SignInThrottled(err.message, err.retryAfter ?? 1);
          }
          throw err;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      const su = (user as { sessionUser?: SessionUser } | undefined)?.sessionUser;
      if (su) {
        token.uid = su.id;
        token.sv = su.sessionVersion;
        // This sign-in's id: signing out ends this session alone (lib/users/end-session.ts).
        token.sid = uuidv7();
      }
      return token;
    },
    session({ session, token }) {
      const s = session as unknown as { uid?: unknown; sv?: unknown; sid?: unknown };
      s.uid = token.uid;
      s.sv = token.sv;
      s.sid = token.sid;
      return session;
    },
  },
});
