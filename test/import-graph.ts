import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The checkout's root. */
export const ROOT = resolve(__dirname, "..");

/** One import of a project module: the file it names, and whether it imports only types. */
export type ImportEdge = { to: string; typeOnly: boolean };

/** The source files under `dir`, tests left out. */
export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file an import specifier names, for the project's own modules (`@/` or relative). */
function target(from: string, spec: string): string | undefined {
  const base = spec.startsWith("@/")
    ? join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? resolve(dirname(from), spec)
      : "";
  if (!base) return undefined;
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p));
}

/** Each file's imports (and re-exports) of the project's own modules, type-only ones marked. */
export function importEdges(files: string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  const importRe = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    graph.set(
      file,
      [...text.matchAll(importRe)].flatMap((m) => {
        const to = target(file, m[2]!);
        return to ? [{ to, typeOnly: Boolean(m[1]) }] : [];
      }),
    );
  }
  return graph;
}

/** Each file's imports of the project's own modules, type-only imports included. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map([...importEdges(files)].map(([file, edges]) => [file, edges.map((e) => e.to)]));
}
