import Papa from "papaparse";
import { AppError, invalid } from "../../errors";

/** One CSV record: its 1-based number among the data records (header excluded) and its cells. */
export type CsvRecord = { rowNumber: number; cells: string[] };

const SNIFF_BYTES = 4096;

/** Too many bytes in the file part (PROMOTION_LIST_MAX_BYTES): the documented 413. */
export const fileTooLarge = (limit: number) =>
  new AppError("payload_too_large", `The CSV file is larger than the limit of ${limit} bytes`, [
    { path: "file", message: `At most ${limit} bytes` },
  ]);

/**
 * The file's bytes, counted against `maxBytes`, refused early when they are not text: a NUL
 * byte in the first 4 KiB means a binary file (spreadsheet, zip, image), not a CSV.
 */
export async function* bytesOf(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of source) {
    if (size < SNIFF_BYTES && chunk.subarray(0, SNIFF_BYTES - size).includes(0)) {
      throw invalid("The file is not a CSV text file (it contains binary data)", [
        { path: "file", message: "Not a CSV file" },
      ]);
    }
    size += chunk.length;
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/**
 * Bytes as text. TextDecoder drops a UTF-8 BOM at the start (unless `ignoreBOM`: text that
 * starts mid-file) and keeps characters split across chunks whole.
 */
export async function* textOf(bytes: AsyncIterable<Buffer>, ignoreBOM = false): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM });
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A line this long is not a list row (rows over 64 KiB are rejected one by one before that). */
export const MAX_LINE = 1024 * 1024;

/**
 * Parses a CSV upload AS IT ARRIVES (never the whole file in memory) with papaparse's parser,
 * one network chunk at a time: the rows complete in the chunk are yielded (in arrays of up to
 * `batch`, so the caller's database writes pace the reading), the incomplete last row is kept
 * for the next chunk. `,` or `;`, quoted fields with line breaks, CRLF, LF or CR, a BOM.
 * (papaparse's own Node stream re-slices its whole input chunk at every back-pressure pause:
 * measured quadratic, 1.2 ms of CPU per row on 1.5 MB chunks.) Blank lines are skipped but
 * keep their number, so a row number is the record's position in the file.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array>,
  opts: { maxBytes: number; batch?: number },
): AsyncGenerator<{ header: string[] } | { records: CsvRecord[] }> {
  yield* textRecords(textOf(bytesOf(source, opts.maxBytes)), opts.batch);
}

/** The records of CSV text from its start: its format read from the header line (headerLine). */
export async function* textRecords(
  text: AsyncGenerator<string>,
  batch?: number,
): AsyncGenerator<{ header: string[] } | { records: CsvRecord[] }> {
  const { head, delimiter, newline } = await headerLine(text);
  yield* recordsOf(prepend(head, text), { delimiter, newline, batch });
}

/**
 * The records of CSV text (see csvRecords), the first one the header unless `resume` says
 * where a reading that started elsewhere (csvRows' bytes) left off: the header known, rows
 * numbered after `resume.rowNumber`, `text` starting at a row's start.
 */
export async function* recordsOf(
  text: AsyncIterable<string>,
  opts: { delimiter: string; newline: Newline; batch?: number; resume?: { rowNumber: number } },
): AsyncGenerator<{ header: string[] } | { records: CsvRecord[] }> {
  const parser = new Papa.Parser({ delimiter: opts.delimiter, newline: opts.newline });
  const size = opts.batch ?? 2_000;
  let header = opts.resume !== undefined;
  let rowNumber = opts.resume?.rowNumber ?? 0;
  let partial = "";
  let records: CsvRecord[] = [];
  for await (const chunk of withEnd(text)) {
    const last = chunk === undefined;
    const input = last ? partial : partial + chunk;
    const parsed = parser.parse(input, 0, !last) as { data: string[][]; meta: { cursor: number } };
    partial = last ? "" : input.slice(parsed.meta.cursor);
    if (partial.length > MAX_LINE) throw lineTooLong(rowNumber + 1);
    for (const row of parsed.data) {
      if (!header) {
        header = true;
        yield { header: row };
        continue;
      }
      rowNumber++;
      if (row.length === 1 && row[0] === "") continue;
      records.push({ rowNumber, cells: row });
      if (records.length >= size) {
        yield { records };
        records = [];
      }
    }
  }
  if (!header) throw invalid("The CSV file is empty", [{ path: "file", message: "Empty file" }]);
  if (records.length > 0) yield { records };
}

export type Newline = "\r\n" | "\n" | "\r";

export const lineTooLong = (row: number) =>
  invalid(`Row ${row} is longer than ${MAX_LINE} bytes: the file is not a CSV list`, [
    { path: "file", message: "Line too long" },
  ]);

/**
 * The header line's delimiter (`;` or `,`, whichever it holds more of; `,` for a one-column
 * file) and line break (CRLF, LF or CR), read from the start of the text however the network
 * split it: papaparse's own guesses look at its first chunk only, which may be a few bytes.
 */
async function headerLine(
  text: AsyncIterator<string>,
): Promise<{ head: string; delimiter: string; newline: Newline }> {
  let head = "";
  while (!head.includes("\n") && head.length < 1 << 20) {
    const next = await text.next();
    if (next.done) break;
    head += next.value;
  }
  return { head, ...lineFormat(head) };
}

/** The delimiter and line break of text that starts with the header line (see headerLine). */
export function lineFormat(head: string): { delimiter: string; newline: Newline } {
  const end = /\r\n|\n|\r/.exec(head);
  const line = end ? head.slice(0, end.index) : head;
  const count = (c: string) => line.split(c).length - 1;
  return { delimiter: count(";") > count(",") ? ";" : ",", newline: (end?.[0] ?? "\n") as Newline };
}

/** The header's text, then the rest. */
async function* prepend(head: string, rest: AsyncIterable<string>): AsyncGenerator<string> {
  if (head) yield head;
  yield* rest;
}

/** The text's chunks, then `undefined` (end of file: parse what is left). */
async function* withEnd(text: AsyncIterable<string>): AsyncGenerator<string | undefined> {
  yield* text;
  yield undefined;
}
