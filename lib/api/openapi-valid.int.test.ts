import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { approvedTemplate } from "@/test/messages";
import { createTestBusiness } from "@/test/factories";

// The OpenAPI document as tools read it: a migrating business generates its client from it,
// lints it in its pipeline, and reads its examples as what to send.

type Doc = Record<string, any>;
let doc: Doc;
beforeAll(async () => {
  const res = await api("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.json;
});

describe("the OpenAPI document", () => {
  it("passes swagger-parser's validation (structure and references)", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("has no errors by Redocly's recommended rules (what `redocly lint` runs)", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "openapi.json",
      config,
    });
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it("names the server a client calls", () => {
    expect(doc.servers?.[0]?.url).toBeTruthy();
  });

  it("has no regular expression a JSON Schema validator cannot read as written (no /flags/ inside)", () => {
    const patterns: string[] = [];
    JSON.stringify(doc, (k, v) => {
      if (k === "pattern" && typeof v === "string") patterns.push(v);
      return v;
    });
    expect(patterns.length).toBeGreaterThan(0);
    for (const p of patterns) {
      expect(() => new RegExp(p, "u"), p).not.toThrow();
      expect(p, p).not.toMatch(/(?<!\\)\/[dgimsuvy]+$/);
    }
  });

  it("has every example valid against its own schema", async () => {
    const deref = (await SwaggerParser.dereference(structuredClone(doc) as never)) as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats.default(ajv);
    const failures: string[] = [];
    let checked = 0;
    const check = (schema: unknown, value: unknown, where: string) => {
      checked++;
      const { example: _e, examples: _x, ...bare } = schema as Record<string, unknown>;
      const validate = ajv.compile(bare);
      if (!validate(value)) failures.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    // A schema and every schema inside it: each one's own `example`.
    const walkSchema = (s: unknown, where: string, seen: Set<unknown>) => {
      if (!s || typeof s !== "object" || seen.has(s)) return;
      seen.add(s);
      const o = s as Record<string, any>;
      if ("example" in o) check(o, o.example, `${where}/example`);
      for (const k of ["items", "additionalProperties", "not"]) walkSchema(o[k], `${where}/${k}`, seen);
      for (const k of ["anyOf", "oneOf", "allOf", "prefixItems"])
        (o[k] ?? []).forEach((x: unknown, i: number) => walkSchema(x, `${where}/${k}/${i}`, seen));
      for (const [name, x] of Object.entries(o.properties ?? {}))
        walkSchema(x, `${where}/properties/${name}`, seen);
    };
    // A media type or parameter: example / examples against its schema.
    const checkHolder = (h: Record<string, any> | undefined, where: string) => {
      if (!h?.schema) return;
      if ("example" in h) check(h.schema, h.example, `${where}/example`);
      for (const [name, ex] of Object.entries(h.examples ?? {}))
        if (ex && typeof ex === "object" && "value" in ex)
          check(h.schema, (ex as { value: unknown }).value, `${where}/examples/${name}`);
      walkSchema(h.schema, `${where}/schema`, new Set());
    };
    for (const [p, item] of Object.entries(deref.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        const at = `${method.toUpperCase()} ${p}`;
        (op.parameters ?? []).forEach((x: Record<string, any>) =>
          checkHolder(x, `${at} parameter ${x.name}`),
        );
        for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
          checkHolder(media as Record<string, any>, `${at} request ${type}`);
        for (const [code, r] of Object.entries(op.responses ?? {}))
          for (const [type, media] of Object.entries((r as Record<string, any>).content ?? {}))
            checkHolder(media as Record<string, any>, `${at} ${code} ${type}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});

describe("a client generated from the document (openapi-typescript + openapi-fetch)", () => {
  const dir = path.join(process.cwd(), "test-results", `openapi-client-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compiles under tsc --strict and sends a template message", async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "schema.ts"), astToString(await openapiTS(structuredClone(doc) as never)));
    writeFileSync(
      path.join(dir, "client.ts"),
      `import createClient from "openapi-fetch";
import type { paths } from "./schema";

/** What a business's code does: A1 with its key, typed by the generated paths. */
export async function sendOrderUpdate(fetch: (r: Request) => Promise<Response>, businessId: string, key: string, template: string, phoneNumberId: string) {
  const client = createClient<paths>({ baseUrl: "http://switchboard.test", fetch });
  const { data, error, response } = await client.POST("/api/v3/message/{business_id}/template", {
    params: { path: { business_id: businessId } },
    headers: { "x-api-key": key },
    body: {
      to: "+919900000123",
      phoneNumberId,
      message: {
        messageType: "template",
        name: template,
        language: "en_US",
        components: [{ componentType: "body", parameters: [{ type: "text", text: "Asha" }, { type: "text", text: "A-1" }] }],
      },
    },
  });
  return { status: response.status, transactionId: data?.transactionId, error };
}
`,
    );
    const program = ts.createProgram([path.join(dir, "client.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);

    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const phoneNumberId = t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
    const { createApiApp } = await import("@/lib/api/app");
    const app = createApiApp();
    const mod = (await import(/* @vite-ignore */ path.join(dir, "client.ts"))) as {
      sendOrderUpdate: (
        ...a: unknown[]
      ) => Promise<{ status: number; transactionId?: string; error?: unknown }>;
    };
    const sent = await mod.sendOrderUpdate(
      (r: Request) => app.request(r),
      t.business.id,
      t.apiKey,
      tpl.name,
      phoneNumberId,
    );
    expect(sent.error).toBeUndefined();
    expect([sent.status, sent.transactionId]).toEqual([200, expect.any(String)]);
  });
});
