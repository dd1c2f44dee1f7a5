import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, ROOT, sources } from "@/test/import-graph";

/** The project's source folders (app/ is the edge: pages, routes, actions). */
const FOLDERS = ["lib", "db", "components", "app"];

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
