import { createApiApp } from "../lib/api/app";

const app = createApiApp();

type Opts = { method?: string; headers?: Record<string, string>; json?: unknown; body?: BodyInit };

/** Calls the Hono app in process: the same code path as production, without a socket. */
export async function api(path: string, opts: Opts = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers["content-type"] ??= "application/json";
  }
  // Real HTTP clients send Content-Length; the app's body checks rely on it.
  if (typeof body === "string") headers["content-length"] ??= String(Buffer.byteLength(body));
  const res = await app.request(path, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A2: sends the RCS template `name` by name (language en) with `components` to `to`, with t's key. */
export function sendRcsTemplate(
  t: { business: { id: string }; apiKey: string },
  name: string,
  components: object[],
  to = "919900000001",
) {
  return api(`/api/v3/message/${t.business.id}/template/rcs`, {
    headers: { "x-api-key": t.apiKey },
    json: { message: { messageType: "template", name, language: "en", components }, to },
  });
}
