import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { plan, secondsFromReports, specFiles } from "./e2e-shards";

describe("e2e shards (.ci/run)", () => {
  const files = specFiles();
  const recorded = JSON.parse(readFileSync(".ci/e2e-seconds.json", "utf8")) as Record<string, number>;

  it("finds every spec file Playwright runs", () => {
    expect(files).toContain("e2e/ui/inbox.spec.ts");
    expect(files).toContain("e2e/api/api-basics.spec.ts");
    expect(files.every((f) => f.endsWith(".spec.ts"))).toBe(true);
  });

  it.each([1, 2, 3, 4, 6])("puts every spec file in exactly one of %i shards, none empty", (count) => {
    const shards = plan(files, recorded, count);
    expect(shards).toHaveLength(count);
    expect(shards.every((s) => s.files.length > 0)).toBe(true);
    expect(shards.flatMap((s) => s.files).sort()).toEqual([...files].sort());
  });

  it("balances by seconds, not by count; an unrecorded file weighs the median", () => {
    const shards = plan(["a", "b", "c", "d", "new"], { a: 100, b: 10, c: 10, d: 10 }, 2);
    expect(shards.map((s) => s.files)).toEqual([["a"], ["b", "c", "d", "new"]]);
    expect(shards.map((s) => s.seconds)).toEqual([100, 40]);
  });

  it("records each file's seconds over every attempt from Playwright JSON reports", () => {
    const attempt = (ms: number) => ({ duration: ms });
    const report = {
      suites: [
        {
          specs: [{ file: "ui/x.spec.ts", tests: [{ results: [attempt(1_500), attempt(2_500)] }] }],
          suites: [{ specs: [{ file: "ui/x.spec.ts", tests: [{ results: [attempt(1_000)] }] }] }],
        },
        { specs: [{ file: "ui/sessions.setup.ts", tests: [{ results: [attempt(9_000)] }] }] },
      ],
    };
    expect(secondsFromReports([report])).toEqual({ "e2e/ui/x.spec.ts": 5 });
  });
});
