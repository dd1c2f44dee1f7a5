import type { z } from "zod";
import { invalidInput } from "../errors";

/** Parses domain input; failures become the documented 400 with the path of each problem. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  throw invalidInput(r.error);
}
