import { invalid } from "../errors";

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * `bytes` as text, or the documented 400 when they are not UTF-8. A lenient decoder turns each
 * invalid sequence into U+FFFD, so a client's bytes would be stored as something it never
 * sent. A leading byte-order mark is dropped, as every decoder of a request body does.
 */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array, what = "Request body"): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw invalid(`${what} is not valid UTF-8: send the text encoded as UTF-8`);
  }
}
