import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");

/** The project's source folders (app/ is the edge: pages, routes, actions). */
const FOLDERS = ["lib", "db", "components", "app"];

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

/** Each file's imports of the project's own modules, type-only imports included. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const importRe = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    graph.set(
      file,
      [...text.matchAll(importRe)].flatMap((m) => target(file, m[1]!) ?? []),
    );
  }
  return graph;
}

/** Import cycles in `graph`, each as the path from the first module back to itself. */
function importCycles(graph: Map<string, string[]>): string[] {
  const files = [...graph.keys()];
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

describe("the project's imports", () => {
  const graph = importGraph(FOLDERS.flatMap((f) => sources(join(ROOT, f))));

  it("form no cycle, type imports included (a module in a cycle can run before what it imports is defined, and a type cycle is two modules that cannot be read apart)", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("reach into app/ only from app/ (pages, routes and actions are the edge; nothing below depends on them)", () => {
    const app = join(ROOT, "app") + "/";
    const inward = [...graph].flatMap(([file, deps]) =>
      file.startsWith(app)
        ? []
        : deps.filter((d) => d.startsWith(app)).map((d) => `${relative(ROOT, file)} -> ${relative(ROOT, d)}`),
    );
    expect(inward).toEqual([]);
  });

  it("keep lib/channels below lib/messages (providers know nothing of the messaging domain; lib/wiring.ts connects them)", () => {
    const channels = join(ROOT, "lib", "channels") + "/";
    const messages = join(ROOT, "lib", "messages") + "/";
    const upward = [...graph].flatMap(([file, deps]) =>
      file.startsWith(channels)
        ? deps
            .filter((d) => d.startsWith(messages))
            .map((d) => `${relative(ROOT, file)} -> ${relative(ROOT, d)}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});
