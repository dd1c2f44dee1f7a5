import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { systemCtx } from "@/lib/context";
import { log } from "@/lib/log";
import { authenticateUser } from "@/lib/users/authenticate-user";
import type { SessionUser } from "@/lib/users/schemas";

const maxAge = Number(process.env.SESSION_MAX_AGE ?? 8 * 3600);

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
  logger: {
    error(error) {
      if (error.name === "CredentialsSignin") log.info("dashboard sign-in refused");
      else log.error({ err: error }, "auth error");
    },
    warn(code) {
      log.warn({ code }, "auth warning");
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) => {
        const user = await authenticateUser(systemCtx(), credentials);
        return user ? { id: user.id, email: user.email, name: user.firstName, sessionUser: user } : null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      const su = (user as { sessionUser?: SessionUser } | undefined)?.sessionUser;
      if (su) {
        token.uid = su.id;
        token.sv = su.sessionVersion;
      }
      return token;
    },
    session({ session, token }) {
      (session as unknown as { uid?: unknown; sv?: unknown }).uid = token.uid;
      (session as unknown as { uid?: unknown; sv?: unknown }).sv = token.sv;
      return session;
    },
  },
});
