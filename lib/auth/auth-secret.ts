import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, setProcessEnv } from "../env";

/**
 * next-auth needs AUTH_SECRET. When it is not configured, one is generated on first start and
 * kept under DATA_DIR (mode 0600), so sessions survive restarts of a single instance. Several
 * instances must share one: set AUTH_SECRET explicitly.
 */
export function ensureAuthSecret(dataDir: string): void {
  if (env().AUTH_SECRET) return;
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  // next-auth reads process.env.AUTH_SECRET itself; env() must see the new value too.
  setProcessEnv({ AUTH_SECRET: readFileSync(file, "utf8").trim() });
}
