import { cellSql } from "../lists/list-cells";
import type { VariableCell } from "./variable-columns";

/** The start of the reason of a row refused for an empty variable cell (E1 rejectedRows, CSVs). */
export const MISSING_VALUE_REASON = "missing variable value";

const emptyCell = (row: string, v: VariableCell) => `coalesce(${cellSql(row, v.position)}, '') = ''`;

/**
 * SQL condition: the list row aliased `row` has an empty cell in a column a variable takes its
 * value from (FALSE when no variable refers to a column). Positions are integers: nothing of
 * the file is written into the SQL.
 */
export function missingValueSql(row: string, vars: readonly VariableCell[]): string {
  return vars.length ? `(${vars.map((v) => emptyCell(row, v)).join(" OR ")})` : "FALSE";
}

/**
 * SQL text expression: the row's reason, `missing variable value: {{1}} (column "name") is
 * empty`, naming every empty pair. `param` is the placeholder (e.g. `$5`) of a text[] holding
 * describeVariable() of each of `vars`, in order (column names come from the file: a parameter).
 */
export function missingReasonSql(row: string, vars: readonly VariableCell[], param: string): string {
  if (vars.length === 0) return "NULL";
  const parts = vars.map((v, i) => `CASE WHEN ${emptyCell(row, v)} THEN (${param})[${i + 1}] END`);
  return `'${MISSING_VALUE_REASON}: ' || concat_ws(', ', ${parts.join(", ")}) || ' is empty'`;
}
