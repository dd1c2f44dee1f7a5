import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");

// Documents that live outside this repository (a design guide and an interface document kept
// beside the checkout): a fresh clone cannot follow a pointer to them, so nothing may name them.
const OUTSIDE = [/\.\.\/shared\b/, /\bDESIGN\.md\b/, /\bDESIGN rule\b/, /\binterface\.md\b/];

/** Every file git tracks (and every untracked, not ignored one), this test file left out. */
function trackedFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter((f) => f && !f.endsWith("repo-stands-alone.test.ts"))
    .filter((f) => /\.(ts|tsx|mjs|js|md|json|yml|yaml|sh)$|^\.ci\//.test(f))
    .filter((f) => f !== "package-lock.json");
}

describe("the repository stands alone", () => {
  it("no file points at a document outside the repository", () => {
    const hits: string[] = [];
    for (const file of trackedFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), "utf8");
      } catch {
        continue; // deleted in the work tree but still in the index
      }
      text.split("\n").forEach((line, i) => {
        if (OUTSIDE.some((re) => re.test(line))) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits, "point at docs/architecture.md or docs/api.md instead").toEqual([]);
  });

  it("the documents the code points at exist", () => {
    for (const doc of ["docs/architecture.md", "docs/api.md", "docs/decisions.md"]) {
      expect(readFileSync(join(ROOT, doc), "utf8").length).toBeGreaterThan(1000);
    }
  });
});
