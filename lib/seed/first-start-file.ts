import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const FIRST_START_FILE = "first-start.txt";

/**
 * Keeps the first-start banner (operator and demo passwords, demo key) in DATA_DIR, readable
 * by the server's user only, so later starts can point at it instead of printing secrets again
 * into whatever collects stdout.
 */
export function writeFirstStartFile(dataDir: string, text: string): string {
  const file = path.join(dataDir, FIRST_START_FILE);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, text.trimStart() + "\n", { mode: 0o600 });
  // `mode` applies only when the file is created; an older file keeps its bits otherwise.
  chmodSync(file, 0o600);
  return file;
}

/** The file's path when a first start left one in DATA_DIR. */
export function firstStartFile(dataDir: string): string | undefined {
  const file = path.join(dataDir, FIRST_START_FILE);
  return existsSync(file) ? file : undefined;
}
