import type { Context, MiddlewareHandler } from "hono";
import { invalid, type ErrorDetail } from "@/lib/errors";
import { decodeUtf8 } from "@/lib/validation/decode-utf8";
import { findUnstorableText, unstorableTextError } from "@/lib/validation/find-unstorable-text";
import { streamsListUpload } from "./body-policy";
import type { ApiEnv } from "./types";

// JSON can carry U+0000 and lone surrogates only as escapes: raw control characters are not
// valid JSON, and invalid UTF-8 is refused as it is decoded (a lenient decoder would store it
// as U+FFFD). So a body without these escapes is clean and is not parsed twice (B1 bodies are
// up to 16 MiB).
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
const JSON_TYPE = /^application\/(.+\+)?json\b/i;
const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * Answers 400 naming the field when the path, a query parameter or a body field (value or
 * name) holds text PostgreSQL cannot store, and 400 for a JSON body that is not UTF-8, before
 * any route sees it: one check for every route, including those that read their body by hand
 * (D2, the webhooks, which still get the raw bytes from `c.req.arrayBuffer()`). Runs after the
 * content-type and size checks, so it only reads bodies the route would read anyway.
 */
export const rejectUnstorableText: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const details: ErrorDetail[] = [
    ...findUnstorableText(c.req.path, "path"),
    ...findUnstorableText(queryOf(c), "query"),
  ];
  if (details.length === 0) details.push(...(await bodyProblems(c)));
  if (details.length > 0) throw unstorableTextError(details);
  await next();
};

/** Query parameters as the route contracts see them: one value, or an array when repeated. */
function queryOf(c: Context<ApiEnv>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0]! : v]));
}

async function bodyProblems(c: Context<ApiEnv>): Promise<ErrorDetail[]> {
  if (!hasBody(c.req.raw.headers)) return [];
  const type = c.req.header("content-type") ?? "";
  if (JSON_TYPE.test(type)) {
    const text = decodeUtf8(await c.req.arrayBuffer());
    // The route's c.req.text() and json() read this text instead of decoding the bytes again.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    if (!SUSPECT_ESCAPE.test(text)) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return []; // the route's own parsing answers malformed JSON
    }
    return findUnstorableText(value);
  }
  // A CSV upload streams into the database: its rows are checked one by one (a bad row is
  // rejected, not the file) and the E1 `body` part by the route.
  if (streamsListUpload(c)) return [];
  if (FORM_TYPE.test(type)) {
    const form = await c.req.parseBody({ all: true }).catch((err: unknown) => {
      throw invalid(
        `Malformed ${type.split(";")[0]} body (${err instanceof Error ? err.message : "unreadable"}): send a well-formed form body or application/json`,
      );
    });
    return findUnstorableText(form);
  }
  return [];
}

export function hasBody(headers: Headers): boolean {
  const len = headers.get("content-length");
  if (len !== null) return Number(len) > 0;
  return headers.has("transfer-encoding");
}
