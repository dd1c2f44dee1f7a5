/**
 * Where a column's value is in a stored list row (target_list_rows.cells, 1-based
 * positions as split_part counts them): the position of `key` (lower-cased) among the list's columns, 0 when the
 * list has no such column (cellSql gives NULL: no value).
 */
export function valuePosition(columns: readonly string[], key: string): number {
  const wanted = key.toLowerCase();
  return columns.findIndex((c) => c.toLowerCase() === wanted) + 1;
}
