import type { z } from "zod";
import { invalid } from "../errors";

/** Parses domain input; failures become the documented 400 with the path of each problem. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, prefix = ""): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const details = r.error.issues.map((i) => ({
    path: prefix + i.path.map(String).join("."),
    message: i.message,
  }));
  const first = details[0]!;
  throw invalid(`Invalid template: ${first.path || "body"}: ${first.message}`, details);
}
