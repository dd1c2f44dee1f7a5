import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readSecret } from "./read-secret";

// `npm run admin` asks for a password without echoing what is typed.

/** A terminal's stdin (raw mode switchable) and what the prompt wrote to the screen. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    raw: [] as boolean[],
    setRawMode(on: boolean) {
      this.raw.push(on);
      return this;
    },
  });
  const output = new PassThrough();
  let screen = "";
  output.on("data", (d) => (screen += String(d)));
  return { input, output, screen: () => screen };
}

describe("reading a password", () => {
  it("on a terminal: raw mode while typing, nothing typed on the screen, Backspace deletes", async () => {
    const t = terminal();
    const read = readSecret("Password: ", t);
    t.input.write("s3cret");
    t.input.write("X\u007f");
    t.input.write("-pw\r");
    expect(await read).toBe("s3cret-pw");
    expect(t.screen()).toBe("Password: \n");
    expect(t.input.raw).toEqual([true, false]);
  });

  it("stops on Ctrl+C", async () => {
    const t = terminal();
    const read = readSecret("Password: ", t);
    t.input.write("abc\u0003");
    await expect(read).rejects.toThrow("Cancelled");
    expect(t.input.raw).toEqual([true, false]);
  });

  it("from a pipe: the first line", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const read = readSecret("Password: ", { input, output });
    input.end("from-a-pipe\nrest\n");
    expect(await read).toBe("from-a-pipe");
  });
});
