import { LIST_CELL_SEPARATOR } from "./list-cells";

/**
 * target_list_rows in PostgreSQL's binary COPY format (`COPY ... FROM STDIN WITH (FORMAT
 * binary)`): per row its five fields as length-prefixed bytes (uuid 16 bytes, int4 4, text its
 * UTF-8; the cells one text, joined by U+001F: list-cells.ts), written straight into large
 * buffers. No text escaping in Node and no text parsing of uuids and numbers in PostgreSQL
 * (measured in bench/RESULTS.md against the text format it replaced).
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

/** LIST_CELL_SEPARATOR's byte. */
const SEPARATOR = LIST_CELL_SEPARATOR.charCodeAt(0);

export function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a uuid: ${uuid}`);
  return Buffer.from(hex, "hex");
}

/**
 * Encodes list rows (list and business fixed per stream) into buffers of 1 MiB (or one row's
 * size when larger); `take()` hands the filled ones to the caller, who writes them to the COPY.
 * A buffer is never written again once taken: the socket may still hold it.
 */
export class ListRowsBinaryWriter {
  private buf = Buffer.allocUnsafe(CHUNK);
  private at = 0;
  private full: Buffer[] = [];
  private readonly fixed: Buffer;

  constructor(listId: string, businessId: string) {
    // Field count (5), then the two uuids with their lengths: the same bytes on every row.
    this.fixed = Buffer.alloc(2 + 2 * (4 + 16));
    this.fixed.writeInt16BE(5, 0);
    this.fixed.writeInt32BE(16, 2);
    uuidBytes(listId).copy(this.fixed, 6);
    this.fixed.writeInt32BE(16, 22);
    uuidBytes(businessId).copy(this.fixed, 26);
  }

  /** The stream's header: call once, first. */
  header(): void {
    this.room(COPY_BINARY_HEADER.length);
    this.at += COPY_BINARY_HEADER.copy(this.buf, this.at);
  }

  row(rowNumber: number, phone: string, cells: readonly string[]): void {
    // Upper bound of the row's bytes: UTF-8 takes at most 3 bytes per UTF-16 unit.
    let most = this.fixed.length + 8 + 4 + phone.length * 3 + 4 + cells.length;
    for (let i = 0; i < cells.length; i++) most += cells[i]!.length * 3;
    this.room(most);
    const buf = this.buf;
    let at = this.at + this.fixed.copy(buf, this.at);
    at = buf.writeInt32BE(4, at);
    at = buf.writeInt32BE(rowNumber, at);
    at = this.text(phone, at);
    // The cells: one text field, its length filled in once they are written.
    const lengthAt = at;
    at += 4;
    for (let i = 0; i < cells.length; i++) {
      if (i > 0) buf[at++] = SEPARATOR;
      at = this.utf8(cells[i]!, at);
    }
    buf.writeInt32BE(at - lengthAt - 4, lengthAt);
    this.at = at;
  }

  /** The trailer: call once, last. */
  trailer(): void {
    this.room(COPY_BINARY_TRAILER.length);
    this.at += COPY_BINARY_TRAILER.copy(this.buf, this.at);
  }

  /** The bytes written since the last take, in order. */
  take(): Buffer[] {
    const out = this.full;
    if (this.at > 0) out.push(this.buf.subarray(0, this.at));
    this.full = [];
    this.buf = Buffer.allocUnsafe(CHUNK);
    this.at = 0;
    return out;
  }

  /** A text field: its UTF-8 bytes after their length. */
  private text(s: string, at: number): number {
    const end = this.utf8(s, at + 4);
    this.buf.writeInt32BE(end - at - 4, at);
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
    if (this.at > 0) this.full.push(this.buf.subarray(0, this.at));
    this.buf = Buffer.allocUnsafe(Math.max(CHUNK, bytes));
    this.at = 0;
  }
}
