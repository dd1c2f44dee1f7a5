import { tryParseRecipient } from "../../messages/send/recipient";
import { normaliseTypedPhone } from "../../profiles/normalise-typed-phone";
import type { CsvRecord } from "./csv-records";
import type { ListHeader } from "./list-header";
import type { ListRow } from "./row-sinks";

/** A refused row: its number, why, and the raw phone cell (truncated) to find it by. */
export type ListReject = { rowNumber: number; reason: string; phone: string | null };

/** The reason of a row whose number appeared earlier in the file (the wizard counts these apart). */
export const DUPLICATE_REASON = "duplicate phone";

/** Longest row kept (all cells together); longer ones are refused, not stored. */
export const MAX_ROW_CHARS = 64 * 1024;

/**
 * Checks one record of a list: a valid phone (with its country code, else a national number of
 * the business's default country), not seen before in the file, storable text. `seen`
 * holds the numbers accepted so far as numbers (E.164 fits in 2^53): half the memory of strings.
 */
export function checkListRow(
  record: CsvRecord,
  header: ListHeader,
  defaultCountry: string | null,
  seen: Set<number>,
): ListRow | ListReject {
  const raw = record.cells[header.phoneIndex] ?? "";
  const reject = (reason: string): ListReject => ({
    rowNumber: record.rowNumber,
    reason,
    phone: raw ? raw.replace(/\u0000/g, "").slice(0, 64) : null,
  });
  let chars = 0;
  for (const cell of record.cells) chars += cell.length;
  if (chars > MAX_ROW_CHARS) return reject(`row too long (over ${MAX_ROW_CHARS} characters)`);
  // With its country code first, as B1 reads subscriberId (one parse: the cost of a 1M-row
  // list is mostly this); a national number of the default country only when that fails.
  let e164 = tryParseRecipient(raw);
  if (e164 === undefined) {
    const typed = normaliseTypedPhone(raw, defaultCountry);
    if (!typed.ok) return reject(`invalid phone: ${typed.reason}`);
    e164 = typed.e164;
  }
  const key = Number(e164);
  if (seen.has(key)) return reject(DUPLICATE_REASON);
  const fields: Record<string, string> = {};
  for (let i = 0; i < header.keys.length; i++) {
    const key = header.keys[i];
    if (key === undefined) continue;
    const cell = record.cells[i] ?? "";
    // PostgreSQL cannot store U+0000 in jsonb: the row is refused rather than the whole file.
    if (cell.includes("\u0000")) return reject(`unstorable character (U+0000) in column '${key}'`);
    fields[key] = cell;
  }
  seen.add(key);
  return { rowNumber: record.rowNumber, phone: e164, fields };
}

export const isReject = (r: ListRow | ListReject): r is ListReject => "reason" in r;
