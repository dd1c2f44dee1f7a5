import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { createApiApp } from "./app";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

/**
 * Every write route of the OpenAPI document gets a fixed set of malformed bodies, with a real
 * business and key and with random ids. None may answer 5xx, and every error has the documented
 * shape. A route added later is covered without touching this file.
 */
const app = createApiApp();
const OPERATOR_SECRET = "fuzz-operator-secret-0123456789";
const WRITE_METHODS = ["post", "put", "patch", "delete"];

type Operation = { method: string; path: string; example: unknown; query: string[] };
type Probe = { name: string; body: BodyInit | undefined; type?: string; query?: Record<string, string> };

const NUL = "\u0000";
const LONE = "\uD800";

/** Applies `leaf` to every string (or every leaf) of a JSON value. */
function mapLeaves(v: unknown, leaf: (x: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => mapLeaves(x, leaf));
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapLeaves(x, leaf)]));
  }
  return leaf(v);
}

function mapObjects(v: unknown, obj: (o: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => mapObjects(x, obj));
  if (v && typeof v === "object") {
    return obj(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapObjects(x, obj)])));
  }
  return v;
}

/** Replaces the outermost arrays only (nested ones would multiply). */
function mapArrays(v: unknown, arr: (a: unknown[]) => unknown): unknown {
  if (Array.isArray(v)) return arr(v);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapArrays(x, arr)]));
  }
  return v;
}

/** Marks where `invalidUtf8In` puts bytes that are not UTF-8 (a lone continuation, an encoded surrogate). */
const BAD = "~BAD~";
const invalidUtf8In = (json: string): BodyInit =>
  Buffer.from(json)
    .toString("latin1")
    .split(BAD)
    .map((part) => Buffer.from(part, "latin1"))
    .reduce((all, part) =>
      Buffer.concat([all, Buffer.from([0x80, 0xed, 0xa0, 0x80]), part]),
    ) as unknown as BodyInit;

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

function probes(op: Operation): Probe[] {
  const ex = op.example ?? { name: "fuzz", message: { text: "hello" } };
  const json = (name: string, value: unknown): Probe => ({
    name,
    body: JSON.stringify(value),
    type: "application/json",
  });
  const form = new FormData();
  form.set("template", JSON.stringify(mapLeaves(ex, (x) => (typeof x === "string" ? `${x}${NUL}` : x))));
  form.set(`name${NUL}`, `a${NUL}b`);
  form.set("files", new Blob([new Uint8Array([0, 1, 2])], { type: "image/png" }), "x.png");
  return [
    json(
      "NUL in every string",
      mapLeaves(ex, (x) => (typeof x === "string" ? `${x}${NUL}` : x)),
    ),
    json(
      "lone surrogate in every string",
      mapLeaves(ex, (x) => (typeof x === "string" ? `${LONE}${x}` : x)),
    ),
    json(
      "NUL in keys",
      mapObjects(ex, (o) => ({ ...o, [`k${NUL}`]: "v", [`k${LONE}`]: 1 })),
    ),
    json(
      "wrong types",
      mapLeaves(ex, (x) => (typeof x === "string" ? 12345 : typeof x === "number" ? "x" : [x])),
    ),
    json(
      "nulls",
      mapLeaves(ex, () => null),
    ),
    json(
      "objects as arrays",
      mapObjects(ex, (o) => Object.values(o)),
    ),
    json("array root", [ex]),
    json("string root", "text"),
    json("number root", 42),
    json("null root", null),
    {
      name: "numbers out of range",
      body: JSON.stringify(mapLeaves(ex, (x) => (typeof x === "number" ? "BIG" : x))).replaceAll(
        '"BIG"',
        "1e999",
      ),
      type: "application/json",
    },
    { name: "deep nesting at the root", body: deep(50_000), type: "application/json" },
    {
      name: "deep nesting in every field",
      body: JSON.stringify(mapLeaves(ex, () => "DEEP")).replaceAll('"DEEP"', deep(2_000)),
      type: "application/json",
    },
    json("huge array at the root", new Array(100_000).fill(0)),
    json(
      "huge arrays in fields",
      mapArrays(ex, (a) => new Array(10_000).fill(a[0] ?? 0)),
    ),
    { name: "malformed JSON", body: '{"a": [1, 2', type: "application/json" },
    { name: "empty JSON body", body: "", type: "application/json" },
    { name: "raw NUL byte in JSON", body: `{"name":"a${NUL}b"}`, type: "application/json" },
    {
      name: "invalid UTF-8 in every string",
      body: invalidUtf8In(JSON.stringify(mapLeaves(ex, (x) => (typeof x === "string" ? `${x}${BAD}` : x)))),
      type: "application/json",
    },
    {
      name: "invalid UTF-8 in JSON",
      body: Buffer.from([
        0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d,
      ]) as unknown as BodyInit,
      type: "application/json",
    },
    { name: "multipart with NUL", body: form },
    { name: "multipart type, JSON body", body: JSON.stringify(ex), type: "multipart/form-data; boundary=x" },
    { name: "multipart type without boundary", body: JSON.stringify(ex), type: "multipart/form-data" },
    {
      name: "form-urlencoded with NUL",
      body: `name=a%00b&email=x%00%40y.z&k%00=1`,
      type: "application/x-www-form-urlencoded",
    },
    { name: "text/plain", body: JSON.stringify(ex), type: "text/plain" },
    { name: "xml", body: "<a>b</a>", type: "application/xml" },
    { name: "no content type", body: JSON.stringify(ex), type: "" },
    {
      name: "NUL in every query parameter",
      body: JSON.stringify(ex),
      type: "application/json",
      query: Object.fromEntries([...op.query, "extra"].map((q) => [q, `a${NUL}b`])),
    },
  ];
}

function errorShapeOf(json: unknown): string | undefined {
  const e = (json as { error?: Record<string, unknown> } | undefined)?.error;
  if (!e) return "no error object";
  if (typeof e.code !== "string" || !e.code) return "no code";
  if (typeof e.message !== "string" || !e.message) return "no message";
  if (typeof e.requestId !== "string" || !e.requestId) return "no requestId";
  if (!Array.isArray(e.details)) return "no details";
  for (const d of e.details as { path?: unknown; message?: unknown }[]) {
    if (typeof d.path !== "string" || typeof d.message !== "string") return "bad detail";
  }
  return undefined;
}

describe("fuzz: malformed bodies on every write route of the OpenAPI document", () => {
  let t: TestBusiness;
  let operations: Operation[];

  beforeAll(async () => {
    process.env.OPERATOR_SECRET = OPERATOR_SECRET;
    resetEnv();
    t = await createTestBusiness();
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, Record<string, any>>>;
    };
    operations = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!WRITE_METHODS.includes(method)) continue;
        const media = op.requestBody?.content?.["application/json"];
        const example = media?.example ?? Object.values<{ value: unknown }>(media?.examples ?? {})[0]?.value;
        const query = ((op.parameters ?? []) as { in: string; name: string }[])
          .filter((p) => p.in === "query")
          .map((p) => p.name);
        operations.push({ method: method.toUpperCase(), path, example, query });
      }
    }
  });
  afterAll(() => {
    delete process.env.OPERATOR_SECRET;
    resetEnv();
  });

  it("covers the write routes of the document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(
      "POST /api/v3/message/{business_id}/template",
    );
  });

  for (const ids of ["the business's own ids", "random ids"] as const) {
    it(`answers every malformed body below 500 with the error shape (${ids})`, async () => {
      const failures: string[] = [];
      for (const op of operations) {
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          ids === "random ids" || !/^(business_id|tenant_id)$/.test(name) ? uuidv7() : t.business.id,
        );
        for (const probe of probes(op)) {
          const query = new URLSearchParams({
            apikey: t.apiKey,
            email: t.admin.email,
            ...probe.query,
          });
          // No operator secret for the dispatch route: a probe it accepts would drain the jobs
          // of the other test files sharing the database.
          const headers: Record<string, string> = path.startsWith("/api/internal/")
            ? path === "/api/internal/dispatch"
              ? {}
              : { authorization: `Bearer ${OPERATOR_SECRET}` }
            : { "x-api-key": t.apiKey };
          // Real clients declare the length; FormData gets its multipart type and boundary here.
          const req = new Request("http://x", { method: "POST", body: probe.body });
          const bytes = new Uint8Array(await req.arrayBuffer());
          headers["content-length"] = String(bytes.byteLength);
          const type = probe.type ?? req.headers.get("content-type");
          if (type) headers["content-type"] = type;
          const res = await app.request(`${path}?${query}`, { method: op.method, headers, body: bytes });
          const text = await res.text();
          const where = `${op.method} ${op.path} [${probe.name}] -> ${res.status}`;
          if (res.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
          // Text PostgreSQL cannot store, or bytes that are not text, is never accepted,
          // whatever else the body holds.
          else if (/NUL|surrogate|UTF-8/.test(probe.name) && res.status < 400)
            failures.push(`${where}: accepted`);
          else if (res.status >= 400) {
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            const problem = errorShapeOf(json);
            if (problem) failures.push(`${where}: ${problem}: ${text.slice(0, 200)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});

describe("fuzz: malformed ids in the path of every campaign read route of the OpenAPI document", () => {
  let t: TestBusiness;
  let paths: string[];
  beforeAll(async () => {
    t = await createTestBusiness();
    const doc = (await (await app.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    paths = Object.entries(doc.paths)
      .filter(([path, ops]) => "get" in ops && path.includes("{promotion_id}"))
      .map(([path]) => path);
  });

  it("covers E3, E4, the clicks and the variants", () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v2/promotion/{business_id}/{promotion_id}/stats",
        "/api/v3/promotion/{business_id}/{promotion_id}/clicks",
        "/api/v3/promotion/{business_id}/{promotion_id}/variants",
      ]),
    );
  });

  it("answers every malformed id below 500 with the error shape", async () => {
    const ids = [
      "%00",
      encodeURIComponent("a\u0000b"),
      "%ED%A0%80",
      "x".repeat(5000),
      encodeURIComponent("' OR 1=1 --"),
      "00000000-0000-0000-0000-00000000000g",
      uuidv7().toUpperCase(),
      "..%2F..%2Fetc",
    ];
    const failures: string[] = [];
    for (const path of paths) {
      for (const id of ids) {
        const url = path.replace("{business_id}", t.business.id).replace("{promotion_id}", id);
        const res = await app.request(url, { headers: { "x-api-key": t.apiKey } });
        const text = await res.text();
        const where = `GET ${path} [${id.slice(0, 40)}] -> ${res.status}`;
        if (res.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
        else if (res.status < 400) failures.push(`${where}: accepted`);
        else {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const problem = errorShapeOf(json);
          if (problem) failures.push(`${where}: ${problem}: ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
