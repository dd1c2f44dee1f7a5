/**
 * `${column}` references in promotion variables (E1: `${name}`, `${phone}`, `${language}`,
 * `${businesssubscriberid}` and any other list column; C2: keys of a subscriber's `extras`).
 * Column names match case-insensitively (list headers are stored lower-cased).
 */
const REFERENCE = /\$\{\s*([^{}]+?)\s*\}/g;

/** Every distinct column a value refers to, lower-cased, in order of first appearance. */
export function referencedColumns(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    for (const match of value.matchAll(REFERENCE)) seen.add(match[1]!.toLowerCase());
  }
  return [...seen];
}

/**
 * The value with each `${column}` replaced by the row's value. Returns the columns that had no
 * value (missing or empty) instead of a half-filled text: the caller rejects that recipient.
 */
export function fillReferences(
  value: string,
  row: Readonly<Record<string, string | undefined>>,
): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = value.replace(REFERENCE, (_, name: string) => {
    const cell = row[name.toLowerCase()];
    if (cell === undefined || cell === "") missing.push(name.toLowerCase());
    return cell ?? "";
  });
  return { text, missing };
}

/** Every string inside a JSON value (template components), for referencedColumns. */
export function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* stringsIn(v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) yield* stringsIn(v);
}
