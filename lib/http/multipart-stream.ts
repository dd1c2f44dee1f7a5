import { invalid } from "@/lib/errors";

/** One part of a multipart/form-data body; `body` must be read (or drained) before the next part. */
export type StreamedPart = {
  name: string;
  filename: string | undefined;
  body: AsyncGenerator<Buffer>;
};

const CRLF2 = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a multipart/form-data Content-Type, or a 400. */
export function boundaryOf(contentType: string): string {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary || boundary.length > 70) throw invalid("multipart/form-data without a valid boundary");
  return boundary;
}

/**
 * Reads a multipart/form-data body part by part AS IT ARRIVES (RFC 7578), never holding more
 * than one network chunk plus a boundary: a CSV of hundreds of megabytes streams straight into
 * the database. Hono's parseBody and Request.formData() buffer the whole body, hence this.
 */
export async function* multipartParts(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
): AsyncGenerator<StreamedPart> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const it = source[Symbol.asyncIterator]();
  // The first boundary has no CRLF before it: start the buffer with one.
  let buf: Buffer = Buffer.from("\r\n");
  let done = false;
  const pull = async (): Promise<boolean> => {
    if (done) return false;
    const next = await it.next();
    if (next.done) {
      done = true;
      return false;
    }
    buf = buf.length === 0 ? Buffer.from(next.value) : Buffer.concat([buf, next.value]);
    return true;
  };
  const malformed = () => invalid("Malformed multipart/form-data body");

  // Skip the preamble up to the first delimiter.
  for (;;) {
    const at = buf.indexOf(delimiter);
    if (at >= 0) {
      buf = buf.subarray(at + delimiter.length);
      break;
    }
    buf = buf.subarray(Math.max(0, buf.length - delimiter.length));
    if (!(await pull())) throw malformed();
  }
  for (;;) {
    while (buf.length < 2) if (!(await pull())) throw malformed();
    if (buf[0] === 0x2d && buf[1] === 0x2d) return; // "--": the closing delimiter
    let end = buf.indexOf(CRLF2);
    while (end < 0) {
      if (buf.length > MAX_HEADER_BYTES || !(await pull())) throw malformed();
      end = buf.indexOf(CRLF2);
    }
    const headers = buf.subarray(0, end).toString("utf8");
    buf = buf.subarray(end + CRLF2.length);
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw malformed();
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    let finished = false;
    const body = async function* (): AsyncGenerator<Buffer> {
      for (;;) {
        const at = buf.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) yield buf.subarray(0, at);
          buf = buf.subarray(at + delimiter.length);
          finished = true;
          return;
        }
        // Keep the tail that could be the start of a delimiter split across chunks.
        const safe = buf.length - delimiter.length + 1;
        if (safe > 0) {
          yield buf.subarray(0, safe);
          buf = buf.subarray(safe);
        }
        if (!(await pull())) throw malformed();
      }
    };
    const part = body();
    yield { name, filename, body: part };
    if (!finished) for await (const chunk of part) void chunk; // the caller skipped it: drain
    // After a delimiter: CRLF then the next part's headers, or "--".
    while (buf.length < 2) if (!(await pull())) throw malformed();
    if (buf[0] === 0x0d && buf[1] === 0x0a) buf = buf.subarray(2);
  }
}

/** A (small) part read whole, as UTF-8 text, at most `max` bytes. */
export async function partText(part: StreamedPart, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.body) {
    size += chunk.length;
    if (size > max) throw invalid(`The '${part.name}' part is larger than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
