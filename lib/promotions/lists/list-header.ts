import { invalid } from "../../errors";

/** Header names that mark the phone column, in order of preference (matched in any case). */
export const PHONE_COLUMN_ALIASES = ["phone", "mobile", "msisdn", "number"] as const;

/** Longest header name kept; a longer "header" is a sign the file is not a CSV list. */
const MAX_HEADER = 200;

export type ListHeader = {
  /** Header names as uploaded (trimmed), in file order; empty names dropped. */
  columns: string[];
  /** The lower-cased key of each cell position (undefined: the column has no name). */
  keys: Array<string | undefined>;
  /** Cell position of the phone column and its header as uploaded. */
  phoneIndex: number;
  phoneColumn: string;
};

const fileError = (message: string) => invalid(message, [{ path: "file", message }]);

/**
 * Reads the header row of a list: every column is addressable as `${name}` by its lower-cased
 * name, so two headers that differ only in case are ambiguous and refused. The phone column is
 * `phoneColumn` when the caller names one (any case), else the first of PHONE_COLUMN_ALIASES.
 */
export function parseListHeader(cells: string[], phoneColumn?: string): ListHeader {
  const keys: Array<string | undefined> = [];
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const raw of cells) {
    const name = raw.trim();
    if (!name) {
      keys.push(undefined);
      continue;
    }
    if (name.length > MAX_HEADER) {
      throw fileError(`A header is longer than ${MAX_HEADER} characters: the file is not a CSV list`);
    }
    const key = name.toLowerCase();
    if (seen.has(key)) throw fileError(`The column '${name}' appears twice in the header row`);
    seen.add(key);
    keys.push(key);
    columns.push(name);
  }
  if (phoneColumn !== undefined) {
    const phoneIndex = keys.indexOf(phoneColumn.trim().toLowerCase());
    if (phoneIndex < 0) {
      throw invalid(`The CSV has no column '${phoneColumn}' to read the phone numbers from`, [
        { path: "phoneColumn", message: `No column '${phoneColumn}' in the header row` },
      ]);
    }
    return { columns, keys, phoneIndex, phoneColumn: cells[phoneIndex]!.trim() };
  }
  for (const alias of PHONE_COLUMN_ALIASES) {
    const phoneIndex = keys.indexOf(alias);
    if (phoneIndex >= 0) return { columns, keys, phoneIndex, phoneColumn: cells[phoneIndex]!.trim() };
  }
  throw fileError(
    `The CSV has no phone column: name one column ${PHONE_COLUMN_ALIASES.join(", ")} (any case)`,
  );
}
