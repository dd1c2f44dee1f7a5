import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { decodeUtf8 } from "./decode-utf8";

describe("decodeUtf8", () => {
  it("decodes UTF-8, multi-byte characters and all, and drops a leading byte-order mark", () => {
    expect(decodeUtf8(Buffer.from("héllo ✓ 😀"))).toBe("héllo ✓ 😀");
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("a");
    expect(decodeUtf8(new ArrayBuffer(0))).toBe("");
  });

  it("refuses every kind of invalid sequence with a 400 naming what was not UTF-8", () => {
    for (const bad of [
      [0xff], // never valid
      [0xc3, 0x28], // a lead byte without its continuation
      [0xed, 0xa0, 0x80], // an encoded surrogate
      [0xc0, 0xaf], // an overlong encoding
      [0xe2, 0x82], // truncated at the end
    ]) {
      let err: unknown;
      try {
        decodeUtf8(new Uint8Array([0x61, ...bad]), "message.data");
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).message).toBe(
        "message.data is not valid UTF-8: send the text encoded as UTF-8",
      );
    }
  });
});
