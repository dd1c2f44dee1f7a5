import { readPhoneCell } from "../../phone/phone-cell";
import type { CsvRecord } from "./csv-records";
import type { ListHeader } from "./list-header";
import { LIST_CELL_SEPARATOR, type ListRow } from "./list-cells";

/** A refused row: its number, why, and the raw phone cell (truncated) to find it by. */
export type ListReject = { rowNumber: number; reason: string; phone: string | null };

/**
 * The reason of a row whose number appeared earlier in the file (removeDuplicateRows writes it;
 * the wizard's dry run counts these apart).
 */
export const DUPLICATE_REASON = "duplicate phone";

/** Longest row kept (all cells together); longer ones are refused, not stored. */
export const MAX_ROW_CHARS = 64 * 1024;

/**
 * Checks one record of a list on its own: a valid phone (with its country code, else a national
 * number of the business's default country) and storable text. Duplicates are a property of
 * the whole file: ingestList refuses them as it streams.
 */
export function checkListRow(
  record: CsvRecord,
  header: ListHeader,
  defaultCountry: string | null,
): ListRow | ListReject {
  const cells = record.cells;
  let chars = 0;
  for (let i = 0; i < cells.length; i++) chars += cells[i]!.length;
  if (chars > MAX_ROW_CHARS)
    return rejectRow(record, header, `row too long (over ${MAX_ROW_CHARS} characters)`);
  const raw = cells[header.phoneIndex] ?? "";
  const e164 = readPhoneCell(raw, defaultCountry);
  if (typeof e164 !== "string") return rejectRow(record, header, e164.reason);
  // PostgreSQL cannot store U+0000 in text, and U+001F separates the stored cells (list-cells.ts):
  // the row is refused rather than the whole file.
  for (let i = 0; i < cells.length; i++) {
    if (header.keys[i] === undefined) continue;
    const bad = unstorable(cells[i]!);
    if (bad) return rejectRow(record, header, `unstorable character (${bad}) in column '${header.keys[i]}'`);
  }
  // The cells of the named columns, in header order (the list's `columns`): the record's own
  // array when it has exactly one cell per column and every column is named (the usual file).
  if (cells.length === header.keys.length && header.columns.length === header.keys.length) {
    return { rowNumber: record.rowNumber, phone: e164, cells };
  }
  const named: string[] = [];
  for (let i = 0; i < header.keys.length; i++) if (header.keys[i] !== undefined) named.push(cells[i] ?? "");
  return { rowNumber: record.rowNumber, phone: e164, cells: named };
}

/** The control character of a cell that a list row cannot store, if any. */
function unstorable(cell: string): string | undefined {
  if (cell.includes("\u0000")) return "U+0000";
  if (cell.includes(LIST_CELL_SEPARATOR)) return "U+001F";
  return undefined;
}

/** A refused record: its number, the reason, and its raw phone cell (truncated, without U+0000). */
export function rejectRow(record: CsvRecord, header: ListHeader, reason: string): ListReject {
  const raw = record.cells[header.phoneIndex] ?? "";
  return { rowNumber: record.rowNumber, reason, phone: raw ? raw.replace(/\u0000/g, "").slice(0, 64) : null };
}

export const isReject = (r: ListRow | ListReject): r is ListReject => "reason" in r;
