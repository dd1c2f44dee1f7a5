import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");

/** Cycles allowed for now (none): a queue whose handler enqueues on it is registered in lib/wiring.ts. */
const KNOWN = new Set<string>([]);

/** The source files under `dir`, tests left out. */
function sources(dir: string): string[] {
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

/** Import cycles among `files`, each as the path from the first module back to itself. */
function importCycles(files: string[]): string[] {
  const graph = new Map<string, string[]>();
  // Type-only imports vanish at runtime, so they cannot make a cycle of module loading.
  const importRe = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    graph.set(
      file,
      [...text.matchAll(importRe)].flatMap((m) => target(file, m[1]!) ?? []),
    );
  }
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === "open") {
        cycles.push(
          stack
            .slice(stack.indexOf(dep))
            .map((p) => relative(ROOT, p))
            .join(" -> "),
        );
      } else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe("imports under lib/", () => {
  it("form no cycle (a module in a cycle can run before what it imports is defined)", () => {
    const cycles = importCycles(sources(join(ROOT, "lib")));
    expect(cycles.filter((c) => !KNOWN.has(c))).toEqual([]);
  });
});
