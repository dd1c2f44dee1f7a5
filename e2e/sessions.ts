import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Signed-in browser state per seeded account, written once per run by the "sessions" setup
 * project (e2e/ui/sessions.setup.ts, which signs in through the form) so the specs start
 * signed in instead of each going through the form again. One directory per E2E_PORT, like
 * the server's data directory, so parallel runs on other ports keep their own sessions.
 */
export function sessionFile(email: string): string {
  const port = process.env.E2E_PORT ?? "3100";
  return path.join(tmpdir(), `switchboard-e2e-${port}-sessions`, `${email}.json`);
}

type Cookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
};

/** The saved cookies of `email`, or null when the setup project has not run. */
export function savedCookies(email: string): Cookie[] | null {
  const file = sessionFile(email);
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, "utf8")) as { cookies: Cookie[] }).cookies;
}
