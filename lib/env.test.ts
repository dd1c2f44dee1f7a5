import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_KEYS, env, parseEnv, resetEnv } from "./env";

const root = fileURLToPath(new URL("..", import.meta.url));

type DocRow = { names: string[]; defaults: string[] };

/** Rows of every Markdown table whose first header cell is "Variable". */
function variableRows(markdown: string): DocRow[] {
  const rows: DocRow[] = [];
  let inTable = false;
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    const cells = line.split("|").map((c) => c.trim());
    if (cells[1] === "Variable") {
      inTable = true;
      continue;
    }
    if (!inTable || /^-+$/.test(cells[1] ?? "")) continue;
    const literals = (cell = "") => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    rows.push({ names: literals(cells[1]), defaults: literals(cells[2]) });
  }
  return rows;
}

const readme = variableRows(readFileSync(path.join(root, "README.md"), "utf8"));
const configuration = variableRows(readFileSync(path.join(root, "docs/configuration.md"), "utf8"));
const keys = new Set<string>(ENV_KEYS);

describe("the documented variables", () => {
  it("docs/configuration.md documents every key of the schema", () => {
    const documented = new Set(configuration.flatMap((r) => r.names));
    expect(ENV_KEYS.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("README.md and docs/configuration.md document only keys of the schema", () => {
    const names = [...readme, ...configuration].flatMap((r) => r.names);
    expect(names.length).toBeGreaterThan(ENV_KEYS.length / 2);
    expect(names.filter((n) => !keys.has(n))).toEqual([]);
  });

  it("a documented literal default is the schema's default", () => {
    const defaults = parseEnv({});
    const mismatches: string[] = [];
    let compared = 0;
    for (const row of [...readme, ...configuration]) {
      // Rows such as `PORT`, `HOST` | `3000`, `0.0.0.0` pair names and defaults in order.
      if (row.defaults.length !== row.names.length) continue;
      row.names.forEach((name, i) => {
        const value: unknown = defaults[name as keyof typeof defaults];
        if (value === undefined) return; // documented as prose ("info", "generated", ...)
        const text = Array.isArray(value) ? value.join(",") : String(value);
        compared++;
        if (text !== row.defaults[i]) mismatches.push(`${name}: docs ${row.defaults[i]}, schema ${text}`);
      });
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(30);
  });
});

/** Files that may read process.env directly, each for a reason lib/env.ts spells out. */
const READERS = new Set(["lib/env.ts", "next.config.ts", "playwright.config.ts", "vitest.config.ts"]);
/** Files that write a variable for a library that reads process.env itself (then resetEnv()). */
const WRITERS = new Set(["lib/server/start.ts", "lib/auth/auth-secret.ts"]);
/** Benchmarks, tests, the integrators' example and build output: not the application. */
const SKIP_DIRS = new Set(["node_modules", "bench", "test", "e2e", "examples", "test-results"]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST_FILE = /\.test\.tsx?$/;

/** process.env uses in one source file that bypass env(): "file:line: code". */
function bypasses(file: string, source: string): string[] {
  if (READERS.has(file) || TEST_FILE.test(file)) return [];
  const client = /^\s*["']use client["']/.test(source);
  const found: string[] = [];
  source.split("\n").forEach((line, i) => {
    const code = line.trim();
    if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
    let rest = code
      .replace(/\.\.\.process\.env\b/g, "") // a child process inherits the environment
      .replace(/process\.env\.[A-Z0-9_]+\s*(\?\?)?=(?!=)/g, (m) => (WRITERS.has(file) ? "" : m));
    if (client) rest = rest.replace(/process\.env\.(NODE_ENV|NEXT_PUBLIC_[A-Z0-9_]+)\b/g, "");
    if (/process\.env\b/.test(rest)) found.push(`${file}:${i + 1}: ${code}`);
  });
  return found;
}

function sourceFiles(dir = ""): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return e.name.startsWith(".") || SKIP_DIRS.has(e.name) ? [] : sourceFiles(rel);
    return SOURCE.test(e.name) ? [rel] : [];
  });
}

describe("process.env outside lib/env.ts", () => {
  it("no application file reads process.env except through env()", () => {
    const files = sourceFiles();
    expect(files).toContain("lib/messages/dispatch/config.ts");
    expect(files.flatMap((f) => bypasses(f, readFileSync(path.join(root, f), "utf8")))).toEqual([]);
  });

  it("flags a new read, a stray write and a server-side NODE_ENV; allows what lib/env.ts names", () => {
    expect(bypasses("lib/x.ts", "const t = Number(process.env.X_TIMEOUT) || 5;")).toHaveLength(1);
    expect(bypasses("lib/x.ts", 'process.env.AUTH_SECRET = "x";')).toHaveLength(1);
    expect(bypasses("lib/x.ts", 'const dev = process.env.NODE_ENV === "development";')).toHaveLength(1);
    expect(bypasses("lib/x.ts", "const { FOO } = process.env;")).toHaveLength(1);
    expect(bypasses("lib/server/start.ts", 'process.env.NEXT_TELEMETRY_DISABLED ??= "1";')).toEqual([]);
    expect(bypasses("lib/server/start.ts", "if (process.env.X === 1) run();")).toHaveLength(1);
    expect(bypasses("lib/x.ts", "spawn(cmd, { env: { ...process.env, ROLE: 'worker' } });")).toEqual([]);
    expect(
      bypasses("components/x.tsx", '"use client";\nconst dev = process.env.NODE_ENV !== "production";'),
    ).toEqual([]);
    expect(bypasses("lib/x.ts", "// process.env.X is read by env()")).toEqual([]);
  });
});

describe("env()", () => {
  afterEach(() => {
    delete process.env.RBM_TIMEOUT_MS;
    resetEnv();
  });

  it("keeps the defaults of the reads it replaced and treats an empty value as unset", () => {
    const cfg = parseEnv({ WHATSAPP_GRAPH_URL: "", MESSAGES_CACHE_MS: "", PORT: "" });
    expect(cfg.WHATSAPP_GRAPH_URL).toBe("https://graph.facebook.com/v21.0");
    expect(cfg.WHATSAPP_SEND_TIMEOUT_MS).toBe(15_000);
    expect(cfg.RBM_TIMEOUT_MS).toBe(15_000);
    expect(cfg.MESSAGES_CACHE_MS).toBe(2000);
    expect(cfg.API_KEY_CACHE_SECONDS).toBe(5);
    expect(cfg.PORT).toBe(3000);
    expect(cfg.CALL_CDR_TIMEZONE).toBe("UTC");
    expect(cfg.SIMULATOR_MESSAGE_DELAYS).toEqual([1, 3, 10]);
  });

  it("stops on a bad value, naming the variable and what it must be", () => {
    expect(() => parseEnv({ WHATSAPP_SEND_TIMEOUT_MS: "soon" })).toThrow(/WHATSAPP_SEND_TIMEOUT_MS/);
    expect(() => parseEnv({ CALL_CDR_TIMEZONE: "Mars/Olympus" })).toThrow(
      /CALL_CDR_TIMEZONE: an IANA time zone/,
    );
    expect(() => parseEnv({ EXOTEL_TIME_OFFSET: "IST" })).toThrow(/EXOTEL_TIME_OFFSET: a UTC offset/);
    expect(() => parseEnv({ MESSAGES_BULK_MAX: "0" })).toThrow(/MESSAGES_BULK_MAX/);
  });

  it("never puts a variable's value in its error", () => {
    const secret = "short-secret";
    let message = "";
    try {
      parseEnv({ OPERATOR_SECRET: secret, CALLBACK_SECRET_KEY: secret });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/OPERATOR_SECRET/);
    expect(message).toMatch(/CALLBACK_SECRET_KEY/);
    expect(message).not.toContain(secret);
  });

  it("keeps what it read until resetEnv()", () => {
    process.env.RBM_TIMEOUT_MS = "300";
    resetEnv();
    expect(env().RBM_TIMEOUT_MS).toBe(300);
    process.env.RBM_TIMEOUT_MS = "400";
    expect(env().RBM_TIMEOUT_MS).toBe(300);
    resetEnv();
    expect(env().RBM_TIMEOUT_MS).toBe(400);
  });
});
