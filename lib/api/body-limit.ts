import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { declaredLength, payloadTooLarge } from "@/lib/http/request-body-limit";
import { errorResponse } from "./errors";
import type { ApiEnv } from "./types";

/**
 * Refuses bodies over `limitFor(c)` bytes with the documented 413 (the rule of
 * lib/http/request-body-limit.ts, which the dashboard's uploads share). A request that declares its
 * length (Content-Length, no Transfer-Encoding) is judged by the header alone: Node's HTTP
 * parser never reads past it, and the body stays unread until the route parses it. Only
 * chunked bodies go through hono's bodyLimit, which counts the stream. (Touching
 * `c.req.raw.body` turns @hono/node-server's lightweight request into a full web Request:
 * measured at 17% of the server's CPU under A1 load, bench/results-archive/2026.md.)
 */
export function limitBody(
  limitFor: (c: Context<ApiEnv>) => number,
  /** Routes that read their body as a stream and count it themselves (CSV uploads): a chunked
   * body is not buffered here (hono's bodyLimit would hold all of it in memory). */
  countsOwnBody: (c: Context<ApiEnv>) => boolean = () => false,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const limit = limitFor(c);
    const headers = c.req.raw.headers;
    const tooLarge = (ctx: Context) => errorResponse(ctx, payloadTooLarge(limit));
    const length = declaredLength(headers);
    if (length !== undefined) return length > limit ? tooLarge(c) : next();
    // HTTP/1.1: from a socket, no Content-Length and no Transfer-Encoding means no body.
    if (!headers.has("transfer-encoding") && (c.env as { incoming?: unknown } | undefined)?.incoming) {
      return next();
    }
    if (countsOwnBody(c)) return next();
    return bodyLimit({ maxSize: limit, onError: tooLarge })(c, next);
  };
}
