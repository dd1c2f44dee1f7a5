import { describe, expect, it } from "vitest";
import { multipart } from "@/test/promotion-uploads";
import { boundaryOf, multipartParts, partText } from "./multipart-stream";

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Buffer, contentType: string, size: number) {
  const parts: Array<[string, string | undefined, string]> = [];
  for await (const part of multipartParts(chunked(bytes, size), boundaryOf(contentType))) {
    parts.push([part.name, part.filename, await partText(part, 1 << 20)]);
  }
  return parts;
}

describe("multipartParts", () => {
  const csv = 'phone,name\r\n919810000001,"a\r\n--b"\r\n';
  const { body, contentType } = multipart([
    { name: "body", value: '{"name":"x"}' },
    { name: "file", value: csv, filename: "l.csv", type: "text/csv" },
  ]);

  it("reads every part whatever the chunk size (boundaries split across chunks)", async () => {
    for (const size of [1, 2, 7, 64, 1 << 16]) {
      expect(await read(body, contentType, size)).toEqual([
        ["body", undefined, '{"name":"x"}'],
        ["file", "l.csv", csv],
      ]);
    }
  });

  it("skips parts the caller does not read", async () => {
    const names: string[] = [];
    for await (const part of multipartParts(chunked(body, 5), boundaryOf(contentType))) names.push(part.name);
    expect(names).toEqual(["body", "file"]);
  });

  it("400 for a truncated body or a missing boundary", async () => {
    await expect(read(body.subarray(0, body.length - 20), contentType, 8)).rejects.toMatchObject({
      code: "invalid_request",
    });
    expect(() => boundaryOf("multipart/form-data")).toThrow(/boundary/);
  });
});
