import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const API = resolve(__dirname);

/** The operation files: one per operation, in a domain folder of lib/api. */
function operationFiles(): string[] {
  return readdirSync(API)
    .filter((d) => statSync(join(API, d)).isDirectory())
    .flatMap((d) =>
      readdirSync(join(API, d))
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => join(API, d, f)),
    )
    .filter((f) =>
      /^export const \w+(: Operation)? = (withBusiness|withOperator|defineOperation)\b|: Operation = \{/m.test(
        readFileSync(f, "utf8"),
      ),
    );
}

describe("operation names", () => {
  it("an operation file exports its operation as <name>Operation, and the registry imports that name from it", () => {
    const registry = readFileSync(join(API, "operations.ts"), "utf8");
    const wrong: string[] = [];
    for (const file of operationFiles()) {
      const text = readFileSync(file, "utf8");
      const names = [
        ...text.matchAll(
          /^export const (\w+)(?::\s*Operation)?\s*=\s*(?:withBusiness|withOperator|defineOperation|\{)/gm,
        ),
      ]
        .map((m) => m[1]!)
        .filter((n) => n !== "contract");
      const spec = `./${relative(API, file).replace(/\.ts$/, "")}`;
      for (const name of names) {
        if (!name.endsWith("Operation")) wrong.push(`${spec}: ${name}`);
        else if (!registry.includes(`import { ${name} } from "${spec}";`))
          wrong.push(`${spec}: ${name} not in operations.ts`);
      }
      if (names.length !== 1) wrong.push(`${spec}: ${names.length} operations`);
    }
    expect(wrong).toEqual([]);
    expect(operationFiles().length).toBeGreaterThan(100);
  });
});
