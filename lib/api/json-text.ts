import type { Context, TypedResponse } from "hono";

/**
 * A 200 whose JSON the database already serialised, sent as is (a large status list is not
 * parsed and stringified again); `T` is the shape the route documents for it.
 */
export function jsonText<T>(c: Context, text: string): Response & TypedResponse<T, 200, "json"> {
  const res: Response = c.body(text, 200, { "content-type": "application/json" });
  // Hono types only the bodies it serialises itself; this one the query serialised.
  return res as Response & TypedResponse<T, 200, "json">;
}
