import type { MiddlewareHandler } from "hono";

/**
 * For routes whose JSON body is optional and that once took no body at all: a request with
 * `content-type: application/json` and an empty body (what many HTTP client wrappers send)
 * reads as `{}` instead of failing as malformed JSON, so existing callers keep working.
 * Hono's json() parses the cached text (a promise, whatever its typings say), so an empty body
 * is given the text `{}`; lib/api/callbacks/callbacks.int.test.ts fails if a Hono upgrade changes that.
 */
export const emptyBodyAsObject: MiddlewareHandler = async (c, next) => {
  const len = c.req.header("content-length");
  const empty = len !== undefined ? Number(len) === 0 : !c.req.header("transfer-encoding");
  if (empty) (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve("{}");
  await next();
};
