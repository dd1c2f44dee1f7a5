import type { z } from "zod";
import { invalidInput } from "../errors";

/** Parses domain input; failures become the documented 400 with the path of each problem. */
export function parseTemplateInput<S extends z.ZodType>(schema: S, raw: unknown, prefix = ""): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  throw invalidInput(r.error, "Invalid template", prefix);
}
