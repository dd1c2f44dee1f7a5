import type { RowOf } from "../../db/row-of";
import type { callbackEndpoints } from "@/db/schema";
import type { LookupFunction } from "node:net";
import { Client } from "undici";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { decryptSecret } from "../../callbacks/secret-box";
import { secretBytes, signedHeaders } from "../../callbacks/sign";
import { BlockedUrlError, resolveCallbackTarget } from "../../callbacks/ssrf-guard";
import type { FlowStep } from "../definition";
import { fillJson } from "../json-body";
import { interpolate } from "./answers";

type HttpStep = Extract<FlowStep, { type: "http_request" }>;

/** What the request came back with: the saved variables when 2xx, else why it failed. */
export type HttpResult = {
  ok: boolean;
  status: number | null;
  ms: number;
  error: string | null;
  saved: Record<string, string>;
};

const MAX_BODY = 256 * 1024;

/** `{{name}}` URL-encoded. */
export const fillUrl = (url: string, vars: Record<string, string>) =>
  url.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (_, n: string) => encodeURIComponent(vars[n] ?? ""));

export { fillJson };

/** A dotted path (`order.status`, `items.0.id`) into a JSON value; objects come back as JSON. */
export function pick(value: unknown, path: string): string | undefined {
  let v: unknown = value;
  for (const part of path.split(".")) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  if (v === undefined || v === null) return undefined;
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/**
 * The secrets flow requests are signed with: the business's enabled callback endpoints'
 * current signing secrets (docs/flows.md, "HTTP requests"), oldest first, at most 5.
 */
async function signingSecrets(ctx: Ctx, businessId: string): Promise<Buffer[]> {
  const rows = await rawQuery<Pick<RowOf<typeof callbackEndpoints>, "secret_ciphertext">>(
    ctx.db,
    `SELECT secret_ciphertext FROM callback_endpoints WHERE business_id = $1 AND enabled ORDER BY created_at LIMIT 5`,
    [businessId],
  );
  return rows.map((r) => secretBytes(decryptSecret(r.secret_ciphertext)));
}

/**
 * Makes the step's request: its URL and body filled from the run's variables, signed with
 * Standard Webhooks headers (webhook-id is the run's wake id, the same on a retry), through the
 * callbacks' public-address guard (the connection goes to the address checked), at most the
 * step's timeout (<= 10 s), redirects not followed. Never throws.
 */
export async function callHttp(
  ctx: Ctx,
  businessId: string,
  step: HttpStep,
  vars: Record<string, string>,
  webhookId: string,
): Promise<HttpResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const fail = (error: string, status: number | null = null): HttpResult => ({
    ok: false,
    status,
    ms: ms(),
    error,
    saved: {},
  });
  let body = "";
  if (step.body && step.method !== "GET") {
    try {
      body = fillJson(step.body, vars);
    } catch {
      return fail("the body is not JSON once its variables are filled in");
    }
  }
  let target;
  try {
    target = await resolveCallbackTarget(fillUrl(step.url, vars));
  } catch (err) {
    return fail(err instanceof BlockedUrlError ? err.message : String(err));
  }
  const headers: Record<string, string> = {};
  for (const h of step.headers) headers[h.name.toLowerCase()] = interpolate(h.value, vars);
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = await signingSecrets(ctx, businessId);
  const signed = signedHeaders(secrets.length ? secrets : [], webhookId, timestamp, body);
  headers["webhook-id"] = signed["webhook-id"];
  headers["webhook-timestamp"] = signed["webhook-timestamp"];
  if (secrets.length) headers["webhook-signature"] = signed["webhook-signature"];
  headers["user-agent"] = "Switchboard-Flows/1.0";
  if (body) headers["content-type"] = "application/json";
  headers["accept"] = "application/json";

  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const client = new Client(target.url.origin, { connect: { lookup } });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), step.timeoutMs);
  try {
    const res = await client.request({
      path: target.url.pathname + target.url.search,
      method: step.method,
      headers,
      body: body || undefined,
      signal: abort.signal,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) break;
      chunks.push(chunk as Buffer);
    }
    const status = res.statusCode;
    if (status < 200 || status >= 300) return fail(`answered ${status}`, status);
    const saved: Record<string, string> = {};
    if (step.save.length > 0) {
      let json: unknown;
      try {
        json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        json = undefined;
      }
      for (const s of step.save) {
        const v = pick(json, s.path);
        if (v !== undefined) saved[s.variable] = v.slice(0, 1024);
      }
    }
    if (step.statusAs) saved[step.statusAs] = String(status);
    return { ok: true, status, ms: ms(), error: null, saved };
  } catch (err) {
    return fail(abort.signal.aborted ? `timed out after ${step.timeoutMs} ms` : (err as Error).message);
  } finally {
    clearTimeout(timer);
    void client.close().catch(() => undefined);
  }
}
