import type { ByteRows } from "./csv-rows";
import { LIST_CELL_SEPARATOR } from "./list-cells";

/**
 * A list's rows in PostgreSQL's binary COPY format (`COPY <list's table> (row_number, phone,
 * cells) FROM STDIN WITH (FORMAT binary)`; list_id and business_id are the table's defaults,
 * not sent a million times): per row its three fields as length-prefixed bytes (int4 4, text
 * its UTF-8; the cells one text, joined by U+001F: list-cells.ts), written straight into large
 * buffers. No text escaping in Node and no text parsing of uuids and numbers in PostgreSQL
 * (measured in bench/results-archive/2026.md against the text format it replaced).
 */

/** Signature, flags and header extension length: the start of every binary COPY stream. */
export const COPY_BINARY_HEADER = Buffer.from([
  ...Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"),
  ...[0, 0, 0, 0],
  ...[0, 0, 0, 0],
]);

/** The end of the stream: a field count of -1. */
export const COPY_BINARY_TRAILER = Buffer.from([0xff, 0xff]);

const CHUNK = 1 << 20;

/** Each row's field count (int16). */
const FIELDS = 3;

/**
 * The start of a row: its field count, then row_number as an int4 field (length 4, value), at
 * `at`; returns where the row goes on. Plain byte stores: Buffer#copy and writeInt32BE cost
 * more per call than a row's few bytes.
 */
function rowStart(buf: Buffer, at: number, rowNumber: number): number {
  buf[at] = 0;
  buf[at + 1] = FIELDS;
  int32(buf, at + 2, 4);
  int32(buf, at + 6, rowNumber);
  return at + 10;
}

function int32(buf: Buffer, at: number, value: number): void {
  buf[at] = value >>> 24;
  buf[at + 1] = (value >>> 16) & 0xff;
  buf[at + 2] = (value >>> 8) & 0xff;
  buf[at + 3] = value & 0xff;
}

/** LIST_CELL_SEPARATOR's byte. */
const SEPARATOR = LIST_CELL_SEPARATOR.charCodeAt(0);

/**
 * Encodes list rows into buffers of 1 MiB (or one row's size when larger); `take()` hands the
 * bytes written since the last take to the caller, who writes them to the COPY. Bytes are never
 * written again once taken (the socket may still hold them): the next rows go after them, and
 * into a new buffer when this one is full.
 */
export class ListRowsBinaryWriter {
  private buf = Buffer.allocUnsafe(CHUNK);
  private at = 0;
  /** Where the bytes not yet taken start in `buf`. */
  private from = 0;
  private full: Buffer[] = [];
  /** The stream's header: call once, first. */
  header(): void {
    this.room(COPY_BINARY_HEADER.length);
    this.at += COPY_BINARY_HEADER.copy(this.buf, this.at);
  }

  row(rowNumber: number, phone: string, cells: readonly string[]): void {
    // Upper bound of the row's bytes: UTF-8 takes at most 3 bytes per UTF-16 unit.
    let most = 10 + 4 + phone.length * 3 + 4 + cells.length;
    for (let i = 0; i < cells.length; i++) most += cells[i]!.length * 3;
    this.room(most);
    const buf = this.buf;
    let at = rowStart(buf, this.at, rowNumber);
    at = this.text(phone, at);
    // The cells: one text field, its length filled in once they are written.
    const lengthAt = at;
    at += 4;
    for (let i = 0; i < cells.length; i++) {
      if (i > 0) buf[at++] = SEPARATOR;
      at = this.utf8(cells[i]!, at);
    }
    int32(buf, lengthAt, at - lengthAt - 4);
    this.at = at;
  }

  /**
   * Plain row `i` of `rows` (csv-rows.ts): its cells' bytes copied as they came, each
   * delimiter replaced by the separator.
   */
  plainRow(phone: string, rows: ByteRows, i: number): void {
    const start = rows.starts[i]!;
    const length = rows.ends[i]! - start;
    this.room(10 + 4 + phone.length * 3 + 4 + length);
    const buf = this.buf;
    let at = rowStart(buf, this.at, rows.rowNumbers[i]!);
    at = this.text(phone, at);
    int32(buf, at, length);
    at += 4;
    // Byte by byte: Buffer#copy's per-call cost is more than a row's bytes take this way.
    const src = rows.src;
    for (let k = 0; k < length; k++) buf[at + k] = src[start + k]!;
    const per = rows.columns - 1;
    const d = rows.delimiters;
    for (let k = i * per, last = k + per; k < last; k++) buf[at + d[k]! - start] = SEPARATOR;
    this.at = at + length;
  }

  /** The trailer: call once, last. */
  trailer(): void {
    this.room(COPY_BINARY_TRAILER.length);
    this.at += COPY_BINARY_TRAILER.copy(this.buf, this.at);
  }

  /** The bytes written since the last take, in order. */
  take(): Buffer[] {
    const out = this.full;
    if (this.at > this.from) out.push(this.buf.subarray(this.from, this.at));
    this.full = [];
    this.from = this.at;
    return out;
  }

  /** A text field: its UTF-8 bytes after their length. */
  private text(s: string, at: number): number {
    const end = this.utf8(s, at + 4);
    int32(this.buf, at, end - at - 4);
    return end;
  }

  /**
   * `s` as UTF-8 at `at`; returns where it ends. ASCII (most cells) is copied code by code,
   * several times faster than Buffer#write's per-call cost on short strings; anything else
   * through Buffer#write.
   */
  private utf8(s: string, at: number): number {
    const buf = this.buf;
    let n = 0;
    for (; n < s.length; n++) {
      const code = s.charCodeAt(n);
      if (code >= 0x80) break;
      buf[at + n] = code;
    }
    if (n < s.length) return at + n + buf.write(s.slice(n), at + n, "utf8");
    return at + n;
  }

  /** Room for `bytes` more: the filled buffer set aside and a new one (a row's size if larger). */
  private room(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    if (this.at > this.from) this.full.push(this.buf.subarray(this.from, this.at));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK, bytes));
    this.at = 0;
    this.from = 0;
  }
}
