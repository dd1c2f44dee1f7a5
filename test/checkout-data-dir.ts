import { readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The checkout's own DATA_DIR: what `npm start` writes (its database, first-start credentials, media). */
export const CHECKOUT_DATA_DIR = path.resolve(".data");

/**
 * The test run's DATA_DIR (media, generated secrets), set by vitest.config.ts: one per run (the
 * main process's pid), so two runs at once share nothing; test/global-setup.ts removes it.
 */
export function testDataDir(): string {
  return path.join(tmpdir(), `sb-test-data-${process.pid}`);
}

function snapshot(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        try {
          const s = statSync(full);
          seen.set(path.relative(dir, full), `${s.size}:${s.mtimeMs}`);
        } catch {
          // Gone between the listing and the stat: the comparison sees it gone.
        }
      }
    }
  };
  walk(dir);
  return seen;
}

/**
 * Takes a snapshot of the checkout's DATA_DIR and returns what checks it later: a test run that
 * wrote, changed or removed anything under it throws, naming the files. `npm test` must leave
 * what `npm start` keeps there (the database, the first-start credentials) alone.
 */
export function checkoutDataDirUntouched(dir = CHECKOUT_DATA_DIR): () => void {
  const before = snapshot(dir);
  return () => {
    const after = snapshot(dir);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (f) => before.get(f) !== after.get(f),
    );
    if (changed.length > 0)
      throw new Error(
        `the tests wrote under the checkout's DATA_DIR (${dir}): ${changed.slice(0, 10).join(", ")}${changed.length > 10 ? ", ..." : ""}`,
      );
  };
}
