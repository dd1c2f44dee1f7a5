import { AppError } from "../errors";

/**
 * The one body-limit rule of every HTTP edge (the API's middleware, its streamed list uploads,
 * the dashboard's upload routes): a declared Content-Length over the limit is refused before a
 * byte is read, and a body without one is counted as it arrives and refused the moment it
 * passes the limit, never read to its end first.
 */

/** The documented 413. */
export function payloadTooLarge(limit: number, message?: string): AppError {
  return new AppError(
    "payload_too_large",
    message ?? `Request body is larger than the limit of ${limit} bytes`,
  );
}

/** The length a request declares (Content-Length without Transfer-Encoding), if any. */
export function declaredLength(headers: Headers): number | undefined {
  if (headers.has("transfer-encoding")) return undefined;
  const length = headers.get("content-length");
  return length === null ? undefined : Number(length);
}

/**
 * The whole body of `req`, at most `limit` bytes; `tooLarge` past it. The rest of an oversized
 * body is left unread (the stream is not cancelled: on Node that would destroy the socket
 * before the 413 is written); the server closes the connection after the answer
 * (lib/server/close-when-body-unread.ts).
 */
export async function readBodyWithin(
  req: Request,
  limit: number,
  tooLarge: () => AppError = () => payloadTooLarge(limit),
): Promise<Uint8Array<ArrayBuffer>> {
  if ((declaredLength(req.headers) ?? 0) > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}
