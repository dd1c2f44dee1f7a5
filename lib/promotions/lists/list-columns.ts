/**
 * Where a column's value is in a stored list row (target_list_rows.vals, PostgreSQL's 1-based
 * array positions): the position of `key` (lower-cased) among the list's columns, 0 when the
 * list has no such column (vals[0] is NULL: no value).
 */
export function valuePosition(columns: readonly string[], key: string): number {
  const wanted = key.toLowerCase();
  return columns.findIndex((c) => c.toLowerCase() === wanted) + 1;
}
