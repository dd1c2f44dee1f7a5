import { invalid, type ErrorDetail } from "@/lib/errors";

/**
 * PostgreSQL refuses U+0000 in text and jsonb, and its UTF-8 cannot hold an unpaired UTF-16
 * surrogate (node-postgres would silently write U+FFFD instead). Both arrive easily through
 * JSON escapes (`\u0000`, `\ud800`), so request values are checked before they reach a query.
 */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const MAX_DETAILS = 20;

/** Every string and object key in `value` that PostgreSQL cannot store, by path. */
export function findUnstorableText(value: unknown, prefix = ""): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  // Iterative, in document order: a body nested 100,000 levels deep must not overflow the
  // stack. A field name at fault goes on the stack as its finding, in place of its value.
  const stack: ([unknown, string] | ErrorDetail)[] = [[value, prefix]];
  while (stack.length > 0 && found.length < MAX_DETAILS) {
    const item = stack.pop()!;
    if (!Array.isArray(item)) {
      found.push(item);
      continue;
    }
    const [v, path] = item;
    if (typeof v === "string") {
      const problem = problemOf(v);
      if (problem) found.push({ path, message: `Text ${problem}` });
    } else if (v instanceof File) {
      const problem = problemOf(v.name);
      if (problem) found.push({ path, message: `The file name ${problem}` });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, String(i))]);
    } else if (isPlainObject(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const keyProblem = problemOf(key);
        stack.push(
          keyProblem
            ? { path: join(path, printable(key)), message: `The field name ${keyProblem}` }
            : [child, join(path, key)],
        );
      }
    }
  }
  return found;
}

/** Throws the 400 naming each offending field, so the caller knows what to fix. */
export function assertStorableText(value: unknown, prefix = ""): void {
  const details = findUnstorableText(value, prefix);
  if (details.length > 0) throw unstorableTextError(details);
}

export function unstorableTextError(details: ErrorDetail[]) {
  const first = details[0]!;
  return invalid(`Invalid request: ${first.path || "body"}: ${first.message}`, details);
}

/** The problem with `s`, or undefined when PostgreSQL can store it. */
function problemOf(s: string): string | undefined {
  if (!SUSPECT.test(s)) return undefined;
  if (s.includes("\u0000")) {
    return "contains the NUL character (U+0000), which cannot be stored; remove it";
  }
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    } else if (c < 0xdc00 || c > 0xdfff) continue;
    return `contains an unpaired UTF-16 surrogate (U+${c.toString(16).toUpperCase()}), which is not valid Unicode; send the whole character (both halves of a \\uD83D\\uDE00 pair) or remove it`;
  }
  return undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** A key as it can be shown in a path: the characters at fault written as escapes. */
function printable(key: string): string {
  return key.replace(/[\u0000\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
