import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { EmbeddedUnavailableError } from "./embedded-binaries";

/** The operating-system user the embedded PostgreSQL runs as, when it is not this process's own. */
export type OsUser = { uid: number; gid: number; name: string };

const NAME = "postgres";

const idOf = (flag: "-u" | "-g"): number =>
  Number(execFileSync("id", [flag, NAME], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());

/**
 * PostgreSQL refuses to run as root. A server started as root (a container, a fresh VM) runs the
 * database as the user `postgres`, made as a system user without a home or a login shell when
 * the machine has none. Any other user runs it as itself (undefined).
 */
export function embeddedOsUser(): OsUser | undefined {
  if (process.platform === "win32" || process.getuid?.() !== 0) return undefined;
  try {
    return { uid: idOf("-u"), gid: idOf("-g"), name: NAME };
  } catch {
    // No such user yet.
  }
  try {
    execFileSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", NAME],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    return { uid: idOf("-u"), gid: idOf("-g"), name: NAME };
  } catch (err) {
    throw new EmbeddedUnavailableError(
      `PostgreSQL cannot run as root and no user "${NAME}" could be made (${(err as Error).message.split("\n")[0]}): start the server as another user, create a user named ${NAME}, or set DATABASE_URL.`,
    );
  }
}

/** Gives `file` to the database's user (a no-op when the database runs as this process's user). */
export function giveTo(user: OsUser | undefined, file: string): void {
  if (user) chownSync(file, user.uid, user.gid);
}

/**
 * The database's user must reach `pgDir` through every directory above it. Its own parent
 * (DATA_DIR, which this server owns) is opened for traversal only (o+x: no listing), which
 * DATA_DIR's secret files do not need to deny (they are 0600); a directory above that which
 * bars it is named, with what to do, rather than changed.
 */
export function ensureReachable(user: OsUser | undefined, pgDir: string): void {
  if (!user) return;
  const parent = path.dirname(path.resolve(pgDir));
  mkdirSync(parent, { recursive: true });
  const own = statSync(parent);
  if (!(own.mode & 0o001)) chmodSync(parent, (own.mode & 0o7777) | 0o001);
  for (let dir = path.dirname(parent); ; dir = path.dirname(dir)) {
    const s = statSync(dir);
    const passes = s.uid === user.uid ? s.mode & 0o100 : s.gid === user.gid ? s.mode & 0o010 : s.mode & 0o001;
    if (!passes)
      throw new EmbeddedUnavailableError(
        `The embedded PostgreSQL runs as the user ${user.name} (the server runs as root), which cannot reach ${dir}: allow it (chmod o+x ${dir}), or set DATA_DIR to a directory it can reach.`,
      );
    if (dir === path.dirname(dir)) return;
  }
}
