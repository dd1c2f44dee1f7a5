import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "../env";

/** Content-addressed blob store: the key of every object is the SHA-256 of its bytes. */
export type MediaStorage = {
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Buffer | null>;
  exists(sha256: string): Promise<boolean>;
};

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const HASH = /^[0-9a-f]{64}$/;

/** Files under `dir/ab/abcdef...`; the two-letter fan-out keeps directories small. */
export function fileMediaStorage(dir: string): MediaStorage {
  const fileOf = (hash: string) => {
    if (!HASH.test(hash)) throw new Error("not a sha256 hash");
    return path.join(dir, hash.slice(0, 2), hash);
  };
  return {
    async put(bytes) {
      const hash = sha256Hex(bytes);
      const file = fileOf(hash);
      if (await exists(file)) return hash;
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: readers never see a half-written file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return hash;
    },
    async get(hash) {
      if (!HASH.test(hash)) return null;
      try {
        return await readFile(fileOf(hash));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async exists(hash) {
      return HASH.test(hash) && exists(fileOf(hash));
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

let current: MediaStorage | undefined;

/** The process's media store: `${DATA_DIR}/media`. */
export function mediaStorage(): MediaStorage {
  return (current ??= fileMediaStorage(path.resolve(env().DATA_DIR, "media")));
}
