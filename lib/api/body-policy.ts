import type { Context } from "hono";
import { env } from "@/lib/env";
import { acceptsFormBody } from "./form-or-json";
import type { ApiEnv } from "./types";

// B1, and C2 (RCS campaign batches of up to 10,000 subscribers with their extras).
const BULK_SEND_PATH = /^\/api\/(v2\/message\/[^/]+\/template|v3\/promotion\/[^/]+\/rcs\/batch)\/?$/;
// D2, the one API route that takes files (template header images).
const UPLOAD_PATH = /^\/api\/v1\/template\/media\/[^/]+\/?$/;
// E1 (form (a)) and the list upload: a CSV streamed into a target list.
const LIST_UPLOAD_PATH = /^\/api\/v2\/promotion\/[^/]+\/(template\/launch|list)\/?$/;
/** Room for the multipart framing and the E1 `body` part beside the file. */
export const LIST_UPLOAD_OVERHEAD = 1024 * 1024;
const JSON_TYPE = /^application\/(.+\+)?json\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/** Whether the route at `path` reads a body of this Content-Type (else 415). */
export function acceptsBodyType(path: string, contentType: string): boolean {
  return (
    JSON_TYPE.test(contentType) ||
    acceptsFormBody(path, contentType) ||
    ((UPLOAD_PATH.test(path) || LIST_UPLOAD_PATH.test(path)) && MULTIPART_TYPE.test(contentType))
  );
}

/**
 * The route's own body limit: uploads to D2 the upload limit, bulk sends (B1: up to 10,000
 * subscribers with their variables) the bulk limit, everything else the JSON limit. Judged by
 * route, not by Content-Type, so a multipart body cannot buy a JSON route the upload limit.
 */
export function bodyLimitOf(c: Context<ApiEnv>): number {
  const path = c.req.path;
  if (streamsListUpload(c)) return env().PROMOTION_LIST_MAX_BYTES + LIST_UPLOAD_OVERHEAD;
  if (UPLOAD_PATH.test(path) && MULTIPART_TYPE.test(c.req.header("content-type") ?? "")) {
    return env().API_UPLOAD_LIMIT;
  }
  return BULK_SEND_PATH.test(path) ? env().API_BULK_BODY_LIMIT : env().API_BODY_LIMIT;
}

/**
 * A CSV list upload (multipart on E1 or the list route): its body is parsed as it arrives and
 * counted by the route (lib/promotions/lists/csv-records.ts), never buffered.
 */
export function streamsListUpload(c: Context<ApiEnv>): boolean {
  return LIST_UPLOAD_PATH.test(c.req.path) && MULTIPART_TYPE.test(c.req.header("content-type") ?? "");
}
