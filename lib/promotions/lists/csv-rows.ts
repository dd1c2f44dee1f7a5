import { isAscii, isUtf8 } from "node:buffer";
import { MAX_ROW_CHARS } from "./check-list-row";
import {
  bytesOf,
  lineFormat,
  lineTooLong,
  MAX_LINE,
  recordsOf,
  textOf,
  textRecords,
  type CsvRecord,
  type Newline,
} from "./csv-records";
import { LIST_CELL_SEPARATOR } from "./list-cells";

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const SEPARATOR = LIST_CELL_SEPARATOR.charCodeAt(0);

/**
 * The rows of one stretch of a CSV upload read straight from its bytes (csvRows): where each
 * row and each of its cells is, without a string per cell. A row is `plain` when it can be
 * stored as its bytes: exactly `columns` cells, none holding U+0000 or the cells' separator
 * U+001F, at most MAX_ROW_CHARS bytes (so at most as many characters). Any other row is read
 * as a CsvRecord (`record`), as the text parser would have produced it. One instance serves
 * every stretch of a file (its arrays reused): a part is valid until the next one is read.
 */
export class ByteRows {
  count = 0;
  src: Buffer = Buffer.alloc(0);
  private ascii = true;
  rowNumbers = new Int32Array(1024);
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  /** Per row, `columns - 1` delimiter offsets (meaningful for plain rows). */
  delimiters: Int32Array;
  plain = new Uint8Array(1024);
  private readonly per: number;

  constructor(
    readonly delimiter: number,
    readonly columns: number,
  ) {
    this.per = Math.max(columns - 1, 0);
    this.delimiters = new Int32Array(1024 * this.per);
  }

  /** Starts over on the next stretch of the file. */
  reset(src: Buffer, ascii: boolean): void {
    this.src = src;
    this.ascii = ascii;
    this.count = 0;
  }

  /** Adds a row whose delimiters the scanner wrote at `count * (columns - 1)`. */
  add(rowNumber: number, start: number, end: number, plain: boolean): void {
    const i = this.count++;
    this.rowNumbers[i] = rowNumber;
    this.starts[i] = start;
    this.ends[i] = end;
    this.plain[i] = plain ? 1 : 0;
    if (this.count === this.starts.length) this.grow();
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const more = <T extends Int32Array | Uint8Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.rowNumbers = more(this.rowNumbers, n);
    this.starts = more(this.starts, n);
    this.ends = more(this.ends, n);
    this.plain = more(this.plain, n);
    this.delimiters = more(this.delimiters, n * this.per);
  }

  /** The text of cell `cell` of plain row `i`. */
  cell(i: number, cell: number): string {
    const d = this.delimiters;
    const base = i * (this.columns - 1);
    const from = cell === 0 ? this.starts[i]! : d[base + cell - 1]! + 1;
    const to = cell === this.columns - 1 ? this.ends[i]! : d[base + cell]!;
    return this.src.toString(this.ascii ? "latin1" : "utf8", from, to);
  }

  /** Row `i` as a record of text cells (the rows that are not plain, and refused ones). */
  record(i: number): CsvRecord {
    const text = this.src.toString("utf8", this.starts[i], this.ends[i]);
    return { rowNumber: this.rowNumbers[i]!, cells: text.split(String.fromCharCode(this.delimiter)) };
  }
}

export type CsvPart = { header: string[] } | { records: CsvRecord[] } | { rows: ByteRows };

/**
 * csvRecords for a list upload, faster: while the file holds no quote character and is valid
 * UTF-8 (the usual export of a CRM or a spreadsheet), its rows are found in the bytes as they
 * arrive and handed on as ByteRows, so a million rows cost no string or array per cell and
 * their cells reach the COPY as the bytes they came as. From the first stretch with a quote
 * (or bytes that are not UTF-8, which the text decoder replaces) to the end of the file, the
 * rest is read by csvRecords' parser, rows numbered on. Same rows, cells, row numbers and
 * errors as csvRecords (csv-rows.test.ts compares them).
 */
export async function* csvRows(
  source: AsyncIterable<Uint8Array>,
  opts: { maxBytes: number; columns: (header: string[]) => number },
): AsyncGenerator<CsvPart> {
  const bytes = bytesOf(source, opts.maxBytes)[Symbol.asyncIterator]();
  let head: Buffer = Buffer.alloc(0);
  while (head.length < 1 << 20 && firstLineOpen(head)) {
    const next = await bytes.next();
    if (next.done) break;
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  const rest = { [Symbol.asyncIterator]: () => bytes };
  const lineEnd = firstLineEnd(head);
  const startsPlain = head.subarray(0, lineEnd).indexOf(QUOTE) < 0 && isUtf8(head.subarray(0, lineEnd));
  if (!startsPlain || lineEnd === head.length) {
    // A quoted header, or a file of one line: the text parser reads it all.
    yield* textRows(head, rest, { ignoreBOM: false });
    return;
  }
  const bom = head.subarray(0, 3).equals(BOM) ? 3 : 0;
  const headerText = head.toString("utf8", bom, lineEnd);
  const { delimiter, newline } = lineFormat(head.toString("utf8", bom, Math.min(head.length, lineEnd + 2)));
  const header = headerText.split(delimiter);
  yield { header };
  const columns = opts.columns(header);
  const scanner = new RowScanner(delimiter.charCodeAt(0), newline, columns);
  let pending: Buffer = head.subarray(lineEnd + newlineLength(head, lineEnd, newline));
  for (;;) {
    const next = await bytes.next();
    const last = next.done === true;
    const region = last ? pending : pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    if (region.indexOf(QUOTE) >= 0 || !isUtf8(region.subarray(0, last ? region.length : utf8End(region)))) {
      yield* textRows(region, rest, { ignoreBOM: true, delimiter, newline, rowNumber: scanner.rowNumber });
      return;
    }
    const rows = scanner.scan(region, last);
    if (rows.count > 0) yield { rows };
    pending = region.subarray(scanner.consumed);
    if (pending.length > MAX_LINE) throw lineTooLong(scanner.rowNumber + 1);
    if (last) return;
  }
}

/** From `first` (bytes at a row's start) and the rest of the file on: csvRecords' text parser. */
async function* textRows(
  first: Buffer,
  rest: AsyncIterable<Buffer>,
  at: { ignoreBOM: boolean; delimiter?: string; newline?: Newline; rowNumber?: number },
): AsyncGenerator<CsvPart> {
  const text = textOf(prependBytes(first, rest), at.ignoreBOM);
  if (at.delimiter === undefined || at.newline === undefined) {
    yield* textRecords(text);
    return;
  }
  const resume = { rowNumber: at.rowNumber ?? 0 };
  yield* recordsOf(text, { delimiter: at.delimiter, newline: at.newline, resume });
}

async function* prependBytes(first: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  if (first.length > 0) yield first;
  yield* rest;
}

/** Whether the first line's end is not yet known: no break, or a CR that may be a CRLF's. */
function firstLineOpen(head: Buffer): boolean {
  const end = firstLineEnd(head);
  return end === head.length || (head[end] === CR && end === head.length - 1);
}

/** Where the first line ends (its CR or LF), or the length when there is none yet. */
function firstLineEnd(head: Buffer): number {
  const lf = head.indexOf(LF);
  const cr = head.indexOf(CR);
  if (lf < 0) return cr < 0 ? head.length : cr;
  return cr < 0 ? lf : Math.min(lf, cr);
}

function newlineLength(head: Buffer, at: number, newline: Newline): number {
  if (at >= head.length) return 0;
  return newline === "\r\n" && head[at] === CR && head[at + 1] === LF ? 2 : 1;
}

/** The end of the complete UTF-8 characters of `b` (a character may continue in the next chunk). */
function utf8End(b: Buffer): number {
  let i = b.length;
  // Step back over at most three continuation bytes to the lead byte of the last character.
  for (let k = 0; k < 4 && i > 0; k++) {
    const byte = b[i - 1]!;
    if (byte < 0x80) return b.length;
    i--;
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return b.length - i >= need ? b.length : i;
    }
  }
  return b.length;
}

/**
 * Finds rows and cells in bytes that hold no quote: a row ends at the file's line break (CRLF,
 * LF or CR, as the header's), cells split at the delimiter, as the text parser splits such
 * text. Row numbers run on from call to call; a blank line is skipped but keeps its number.
 */
class RowScanner {
  rowNumber = 0;
  /** How many bytes of the last region made complete rows. */
  consumed = 0;
  private readonly rows: ByteRows;

  constructor(
    private readonly delimiter: number,
    private readonly newline: Newline,
    private readonly columns: number,
  ) {
    this.rows = new ByteRows(delimiter, columns);
  }

  scan(src: Buffer, last: boolean): ByteRows {
    const clean = src.indexOf(0) < 0 && src.indexOf(SEPARATOR) < 0;
    const rows = this.rows;
    rows.reset(src, isAscii(src));
    const { delimiter, columns } = this;
    const crlf = this.newline === "\r\n";
    const breakByte = this.newline === "\r" ? CR : LF;
    const per = Math.max(columns - 1, 0);
    // One pass in plain JS over the bytes (native calls per cell cost more than the loop).
    let d = rows.delimiters;
    let base = 0;
    let start = 0;
    let cells = 1;
    const n = last ? src.length + 1 : src.length;
    for (let i = 0; i < n; i++) {
      let end = i;
      if (i < src.length) {
        const b = src[i]!;
        if (b === delimiter) {
          if (cells < columns) d[base + cells - 1] = i;
          cells++;
          continue;
        }
        if (b !== breakByte) continue;
        if (crlf) {
          if (i === 0 || src[i - 1] !== CR) continue;
          end = i - 1;
        }
      } else if (start === src.length) break; // the file ended with a line break
      this.rowNumber++;
      if (end > start) {
        const plain =
          cells === columns && end - start <= MAX_ROW_CHARS && (clean || storable(src.subarray(start, end)));
        rows.add(this.rowNumber, start, end, plain);
        d = rows.delimiters;
        base = rows.count * per;
      }
      start = i + 1;
      cells = 1;
    }
    this.consumed = Math.min(start, src.length);
    return rows;
  }
}

/** Bytes without U+0000 or the cells' separator U+001F. */
const storable = (b: Buffer) => b.indexOf(0) < 0 && b.indexOf(SEPARATOR) < 0;
