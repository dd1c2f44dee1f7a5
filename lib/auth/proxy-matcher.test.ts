import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [path] : [];
  });
}

/** "app/(dashboard)/inbox/media/route.ts" -> "/inbox/media" (groups drop out, [x] is one segment). */
const urlOf = (file: string) =>
  "/" +
  relative(join(ROOT, "app"), file)
    .split("/")
    .slice(0, -1)
    .filter((s) => !/^\(.*\)$/.test(s))
    .map((s) => (s.startsWith("[") ? "x" : s))
    .join("/");

// Read from the file: importing proxy.ts would load next-auth, which needs Next's runtime.
const matcher = JSON.parse(
  /matcher: (\[[^\]]*\])/.exec(readFileSync(join(ROOT, "proxy.ts"), "utf8"))![1]!.replace(/,\s*\]$/, "]"),
) as string[];
const matches = (path: string) => matcher.some((m) => new RegExp(`^${m}$`).test(path));

describe("the proxy's matcher", () => {
  it("leaves out every route that takes a body (Next.js would buffer it and cut it at 10 MB)", () => {
    const posts = routeFiles(join(ROOT, "app"))
      .filter((f) => /export (async function|const) (POST|PUT|PATCH)\b/.test(readFileSync(f, "utf8")))
      .map(urlOf);
    expect(posts).toContain("/inbox/media");
    expect(posts.filter(matches)).toEqual([]);
  });

  it("still runs for the pages", () => {
    for (const page of [
      "/",
      "/inbox",
      "/templates",
      "/templates/new/chatapp",
      "/campaigns/new",
      "/messages/x",
    ])
      expect(matches(page), page).toBe(true);
  });
});
