import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv-records";

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function parse(text: string | Buffer, size = 3, maxBytes = 1 << 20) {
  const out: unknown[] = [];
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  for await (const part of csvRecords(chunked(bytes, size), { maxBytes, batch: 2 })) {
    if ("header" in part) out.push(part.header);
    else out.push(...part.records.map((r) => [r.rowNumber, ...r.cells]));
  }
  return out;
}

describe("csvRecords", () => {
  it("drops a BOM, detects ';', keeps quoted newlines and multi-byte characters split across chunks", async () => {
    expect(await parse('\ufeffphone;name\r\n1;"Zoë\r\nK"\r\n\r\n2;"a;b"\r\n', 1)).toEqual([
      ["phone", "name"],
      [1, "1", "Zoë\r\nK"],
      [3, "2", "a;b"],
    ]);
  });

  it("reads ',' files, a file without a final newline and a one-column file", async () => {
    expect(await parse("phone,name\n1,a\n2,b")).toEqual([
      ["phone", "name"],
      [1, "1", "a"],
      [2, "2", "b"],
    ]);
    expect(await parse("phone\n1\n2\n")).toEqual([["phone"], [1, "1"], [2, "2"]]);
  });

  it("refuses binary data (400) and a file over the limit (413)", async () => {
    await expect(parse(Buffer.from([0x50, 0x4b, 3, 4, 0, 0]))).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(parse("phone\n".padEnd(200, "1"), 16, 100)).rejects.toMatchObject({
      code: "payload_too_large",
    });
    await expect(parse("")).rejects.toMatchObject({ code: "invalid_request" });
    // One line past 1 MiB (a file that is not a list): a 400, not a quadratic re-parse.
    const line = `phone\n1,${"x".repeat(3_000_000)}\n`;
    await expect(parse(line, 65_536, 1 << 23)).rejects.toMatchObject({
      message: expect.stringMatching(/longer than/),
    });
  });
});
