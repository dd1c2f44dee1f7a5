import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = [
  ...["lib", "app", "components", "db"].flatMap((d) => sources(join(ROOT, d))),
  join(ROOT, "server.ts"),
];

describe("process state lives in one runtime object (lib/runtime.ts)", () => {
  it("no module but lib/runtime.ts touches globalThis", () => {
    const offenders = files
      .filter((f) => /\bglobalThis\b/.test(readFileSync(f, "utf8")))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual(["lib/runtime.ts"]);
  });

  it("each part of the runtime is declared by one module", () => {
    const owners = new Map<string, string[]>();
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      const block = /declare module "[./]+runtime" \{\s*interface Runtime \{([\s\S]*?)\n  \}\n\}/.exec(text);
      if (!block) continue;
      for (const m of block[1]!.matchAll(/^ {4}(\w+):/gm))
        owners.set(m[1]!, [...(owners.get(m[1]!) ?? []), relative(ROOT, f)]);
    }
    expect(owners.size).toBeGreaterThanOrEqual(15);
    expect([...owners].filter(([, by]) => by.length > 1)).toEqual([]);
  });
});
