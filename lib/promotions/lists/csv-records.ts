import { Readable } from "node:stream";
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
 * The file's bytes as text, counted against `maxBytes`, refused early when they are not text:
 * a NUL byte in the first 4 KiB means a binary file (spreadsheet, zip, image), not a CSV.
 * TextDecoder drops a UTF-8 BOM and keeps characters split across chunks whole.
 */
async function* textOf(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  let size = 0;
  for await (const chunk of source) {
    if (size < SNIFF_BYTES && chunk.subarray(0, SNIFF_BYTES - size).includes(0)) {
      throw invalid("The file is not a CSV text file (it contains binary data)", [
        { path: "file", message: "Not a CSV file" },
      ]);
    }
    size += chunk.length;
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Parses a CSV upload AS IT ARRIVES with papaparse's streaming parser (never the whole file in
 * memory): `,` or `;` delimiter guessed from the first chunk, quoted fields with newlines, CRLF
 * or LF, a BOM. Yields the header and then the data records in arrays of up to `batch`, so the
 * caller's database writes overlap the parsing. Blank lines are skipped but keep their number,
 * so a row number is the record's position in the file.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array>,
  opts: { maxBytes: number; batch?: number },
): AsyncGenerator<{ header: string[] } | { records: CsvRecord[] }> {
  const text = textOf(source, opts.maxBytes);
  const { head, delimiter, newline } = await headerLine(text);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, newline });
  const input = Readable.from(prepend(head, text));
  let failure: unknown;
  input.on("error", (err) => {
    failure = err;
    parser.destroy(err);
  });
  input.pipe(parser);
  const size = opts.batch ?? 2_000;
  let header: string[] | undefined;
  let rowNumber = 0;
  let records: CsvRecord[] = [];
  try {
    for await (const row of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = row;
        yield { header };
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
  } catch (err) {
    throw failure ?? err;
  } finally {
    input.destroy();
  }
  if (failure) throw failure;
  if (!header) throw invalid("The CSV file is empty", [{ path: "file", message: "Empty file" }]);
  if (records.length > 0) yield { records };
}

/**
 * The header line's delimiter (`;` or `,`, whichever it holds more of; `,` for a one-column
 * file) and line break (CRLF, LF or CR), read from the start of the text however the network
 * split it: papaparse's own guesses look at its first chunk only, which may be a few bytes.
 */
async function headerLine(
  text: AsyncGenerator<string>,
): Promise<{ head: string; delimiter: string; newline: "\r\n" | "\n" | "\r" }> {
  let head = "";
  while (!head.includes("\n") && head.length < 1 << 20) {
    const next = await text.next();
    if (next.done) break;
    head += next.value;
  }
  const end = /\r\n|\n|\r/.exec(head);
  const line = end ? head.slice(0, end.index) : head;
  const count = (c: string) => line.split(c).length - 1;
  const newline = (end?.[0] ?? "\n") as "\r\n" | "\n" | "\r";
  return { head, delimiter: count(";") > count(",") ? ";" : ",", newline };
}

async function* prepend(head: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (head) yield head;
  yield* rest;
}
