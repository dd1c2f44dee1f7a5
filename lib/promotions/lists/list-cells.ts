/**
 * How a list row's cells are stored (target_list_rows.cells): the cells of the list's named
 * columns, in the order of target_lists.columns, joined by U+001F (the ASCII unit separator). A
 * cell holding U+001F is refused at upload (checkListRow), so the separator is unambiguous.
 */
export const LIST_CELL_SEPARATOR = "\u001f";

/** An accepted list row on its way to target_list_rows: its cells of the named columns, in order. */
export type ListRow = { rowNumber: number; phone: string; cells: string[] };

/**
 * SQL for the cell at 1-based `position` (valuePosition) of the row aliased `row`: '' for a
 * position past the row's cells, NULL for position 0 (the list has no such column).
 */
export function cellSql(row: string, position: number): string {
  if (!Number.isInteger(position) || position < 0) throw new Error(`bad cell position: ${position}`);
  return position > 0 ? `split_part(${row}.cells, chr(31), ${position})` : "NULL";
}

/** SQL for all the row's cells as a text[] in column order. */
export const cellsArraySql = (row: string): string => `string_to_array(${row}.cells, chr(31))`;
