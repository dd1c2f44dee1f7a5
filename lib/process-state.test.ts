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

  it("no module keeps mutable state of its own but the kinds listed here, each with its reason", () => {
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      for (const m of text.matchAll(/^let (\w+)/gm)) found.push(`${relative(ROOT, f)}: ${m[1]}`);
      for (const m of text.matchAll(/^const (\w+)(?:: [^=]+)? = new (?:Map|Set|WeakMap|WeakSet)\b/gm)) {
        const name = m[1]!;
        const mutated = new RegExp(`\\b${name}\\.(set|add|delete|clear)\\(`).test(text);
        if (mutated) found.push(`${relative(ROOT, f)}: ${name}`);
      }
    }
    expect(found.filter((f) => !(f in MODULE_STATE_ALLOWED)).sort()).toEqual([]);
    expect(Object.keys(MODULE_STATE_ALLOWED).filter((k) => !found.includes(k))).toEqual([]);
  });
});

/**
 * Module-level state that may be one per bundle copy, and why. What must be one per process
 * (a bound, a pool, a listener, an id) lives in the runtime instead; a cache of values derived
 * from constants or the database may be duplicated: a second copy costs memory, never a wrong answer.
 */
const CACHE = "a cache of derived values: a copy per bundle costs memory, never a wrong answer";
const MODULE_STATE_ALLOWED: Record<string, string> = {
  "server.ts: signalled": "the entry point: loaded once, never by the Next bundle",
  "lib/ids.ts: lastMs":
    "uuidv7's monotonic counter: ids of two copies stay unique (random bits); order only within one copy",
  "lib/ids.ts: seq": "uuidv7's monotonic counter (see lastMs)",
  "lib/ids.ts: pool": "uuidv7's random bytes, drawn in blocks: a copy per bundle draws its own",
  "lib/ids.ts: offset": "uuidv7's random bytes (see pool)",
  "lib/db/sql.ts: handles": `drizzle handles per pooled connection: ${CACHE}`,
  "lib/db/sql.ts: depths":
    "savepoint depth per connection a transaction checked out: a transaction runs within one copy (what it calls is imported from that copy)",
  "lib/db/sql.ts: commitHooks": "what runs after a transaction's commit, per connection (see depths)",
  "lib/env.ts: cached": `the parsed environment: ${CACHE}`,
  "lib/media/storage.ts: current":
    "the media store, made from DATA_DIR on first use: every copy makes the same one",
  "lib/economics/cost/rate-card.ts: loaded": `the rate card read from its file: ${CACHE}`,
  "lib/jobs/ensure-queues.ts: ensured": `queues already created in the database: ${CACHE} (creating again is a no-op)`,
  "lib/jobs/declare-queue.ts: insertJobs": `the job insert statement's text: ${CACHE}`,
  "lib/channels/channel-secrets.ts: opened": `unsealed channel secrets by ciphertext: ${CACHE}`,
  "lib/economics/links/agent-class.ts: known": `user agents already classed: ${CACHE}`,
  "lib/economics/cost/cached-campaign-cost.ts: kept": `a campaign's cost by its delivered count: ${CACHE}`,
  "lib/callbacks/endpoint-auth.ts: headers": `endpoint authorization headers by ciphertext: ${CACHE}`,
  "lib/callbacks/process-deliveries.ts: secrets": `unsealed signing secrets by ciphertext: ${CACHE}`,
  "lib/callbacks/ssrf-guard.ts: cache": `checked DNS answers for a few seconds: ${CACHE}`,
  "lib/callbacks/secret-box.ts: cached": `keys derived from the master secret: ${CACHE}`,
  "lib/phone/plain-e164.ts: plans": `number plans by country: ${CACHE}`,
  "lib/phone/international.ts: recent": `recently parsed recipients: ${CACHE}`,
  "lib/api/route-table.ts: cache": `compiled route patterns: ${CACHE}`,
  "lib/health/migration-status.ts: hashesByFolder": `migration files' hashes: ${CACHE}`,
  "lib/db/write-statement.ts: renumbered": `rewritten statement texts: ${CACHE}`,
  "lib/flows/engine/match-trigger.ts: keywords": `keyword triggers' words as compared: ${CACHE}`,
  "lib/flows/engine/published-flows.ts: kept": `published flow versions' definitions (immutable): ${CACHE}`,
  "lib/dates/zoned-time.ts: formats": `Intl formatters by zone: ${CACHE}`,
  "components/ui/format.ts: zoned": `Intl formatters by zone: ${CACHE}`,
  "app/(dashboard)/virtual-phone/phone-format.ts: clocks": `Intl formatters by zone: ${CACHE}`,
  "app/(dashboard)/api-reference/assets/[file]/route.ts: loaded": `the reference page's asset files: ${CACHE}`,
  "app/(dashboard)/inbox/use-now.ts: current":
    "the browser's clock for the inbox's relative times (a client module: one per page)",
  "components/ui/use-url-params.ts: asked":
    "the browser's pending URL update (a client module: one per page)",
};
