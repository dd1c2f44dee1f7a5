import type { ErrorDetail } from "../errors";
import { MAX_TAG_NAME, MAX_TAGS_PER_WRITE, tagNames } from "./schemas";

export type ReadTagNames = { ok: true; names: string[] } | { ok: false; errors: ErrorDetail[] };

// What `tagName` refuses besides the length: a control character.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Tag names as a write sends them, read as `tagNames` reads them (each trimmed and checked,
 * repeats whatever the case taken once, the first spelling kept), for F1's 1,000 records a
 * call: a valid list is read here without zod's per-element work (measured: about 5 us a
 * record, a third of F1's extra time with tags); anything else is handed to `tagNames` itself,
 * so a refusal's reasons (and their paths, `0` for the first name) are exactly the schema's.
 */
export function readTagNames(raw: unknown): ReadTagNames {
  if (Array.isArray(raw) && raw.length <= MAX_TAGS_PER_WRITE) {
    // No Set nor copy for the usual one to three names (F1 reads up to 1,000 lists a call,
    // and the allocations were most of their cost): repeats found by a scan of the names kept.
    const names: string[] = [];
    let lowers: string[] | undefined;
    let fits = true;
    for (let i = 0; i < raw.length; i++) {
      const value: unknown = raw[i];
      if (typeof value !== "string") {
        fits = false;
        break;
      }
      const name = value.trim();
      if (name.length === 0 || name.length > MAX_TAG_NAME || CONTROL.test(name)) {
        fits = false;
        break;
      }
      if (raw.length === 1) {
        names.push(name);
        break;
      }
      const lower = name.toLowerCase();
      lowers ??= [];
      if (lowers.includes(lower)) continue;
      lowers.push(lower);
      names.push(name);
    }
    if (fits) return { ok: true, names };
  }
  const parsed = tagNames.safeParse(raw);
  if (parsed.success) return { ok: true, names: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  };
}
