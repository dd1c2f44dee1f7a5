import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv-records";
import { csvRows } from "./csv-rows";

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Header, then [rowNumber, ...cells] per row, as csvRecords reads the file. */
async function byText(bytes: Buffer, size: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const part of csvRecords(chunked(bytes, size), { maxBytes: 1 << 24 })) {
    if ("header" in part) out.push(part.header);
    else out.push(...part.records.map((r) => [r.rowNumber, ...r.cells]));
  }
  return out;
}

/** The same from csvRows, plain rows read cell by cell; and how many rows were plain. */
async function byBytes(bytes: Buffer, size: number): Promise<{ out: unknown[]; plain: number }> {
  const out: unknown[] = [];
  let plain = 0;
  let columns = 0;
  const parts = csvRows(chunked(bytes, size), { maxBytes: 1 << 24, columns: () => columns });
  for await (const part of parts) {
    if ("header" in part) {
      out.push(part.header);
      columns = part.header.length;
    } else if ("records" in part) out.push(...part.records.map((r) => [r.rowNumber, ...r.cells]));
    else {
      const rows = part.rows;
      for (let i = 0; i < rows.count; i++) {
        if (!rows.plain[i]) {
          const r = rows.record(i);
          out.push([r.rowNumber, ...r.cells]);
          continue;
        }
        plain++;
        const cells = Array.from({ length: rows.columns }, (_, k) => rows.cell(i, k));
        out.push([rows.rowNumbers[i], ...cells]);
      }
    }
  }
  return { out, plain };
}

const files: Record<string, string | Buffer> = {
  lf: "phone,name,city\n919810000001,Asha,Pune\n919810000002,Ravi,Delhi\n",
  crlf: "phone;name\r\n1;a\r\n\r\n2;b\r\n3;c",
  cr: "phone,name\r1,a\r\r2,b\r",
  bom: "\ufeffphone,name\n1,Zoë ☎ 𝄞\n2,b\n",
  blankAndShort: "phone,name,city\n\n1,a\n2\n3,b,c,d\n,,\n4,x,y\n",
  quoteLater: `phone,name\n${Array.from({ length: 50 }, (_, i) => `${i},n${i}`).join("\n")}\n51,"q,\n r"\n52,z\n`,
  quotedHeader: '"phone","na\nme"\n1,a\n2,"b"\n',
  loneLfInCrlf: "phone,name\r\n1,a\nb\r\n2,c\r\n",
  separator: "phone,name\n1,a\u001fb\n2,c\n",
  headerOnly: "phone,name\n",
  headerNoBreak: "phone,name",
  oneColumn: "phone\n1\n2\n\n3",
  latin1Bytes: Buffer.concat([
    Buffer.from("phone,name\n1,"),
    Buffer.from([0xe9, 0xff]),
    Buffer.from("\n2,b\n"),
  ]),
  trailingCrInLf: "phone,name\r\n1,a\n2,b\n",
};

describe("csvRows (bytes) reads every file as csvRecords (text) does", () => {
  for (const [name, file] of Object.entries(files)) {
    it(name, async () => {
      const bytes = Buffer.isBuffer(file) ? file : Buffer.from(file);
      const expected = await byText(bytes, 1 << 16);
      for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
        expect((await byBytes(bytes, size)).out, `chunks of ${size}`).toEqual(expected);
      }
    });
  }

  it("reads the usual file as plain rows (no text per cell)", async () => {
    const { plain } = await byBytes(Buffer.from(files.lf as string), 5);
    expect(plain).toBe(2);
    const mixed = await byBytes(Buffer.from(files.blankAndShort as string), 4);
    expect(mixed.plain).toBe(2); // "1,a" and "2" are short, "3,b,c,d" long; ",," and "4,x,y" plain
  });

  it("gives the same errors: empty file, binary data, a line past 1 MiB", async () => {
    await expect(byBytes(Buffer.from(""), 3)).rejects.toMatchObject({ message: "The CSV file is empty" });
    await expect(byBytes(Buffer.from([0x50, 0x4b, 3, 4, 0, 0]), 3)).rejects.toMatchObject({
      code: "invalid_request",
    });
    const line = Buffer.from(`phone\n1,${"x".repeat(3_000_000)}\n`);
    await expect(byBytes(line, 65_536)).rejects.toMatchObject({
      message: expect.stringMatching(/longer than/),
    });
  });
});
