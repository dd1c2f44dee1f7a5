/** What readSecret reads from and writes its prompt to (the process's own, or a test's). */
export type SecretIo = {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown };
  output: NodeJS.WritableStream;
};

/**
 * Asks for a secret (a password) without showing it: on a terminal the keys typed are read in
 * raw mode and never echoed (Backspace deletes, Enter ends, Ctrl+C stops); from a pipe
 * (`printf '%s\n' "$PW" | npm run admin -- ...`) the first line is read. Neither a flag's
 * value in `ps` and the shell's history, nor the typed characters on the screen.
 */
export function readSecret(
  prompt: string,
  io: SecretIo = { input: process.stdin, output: process.stderr },
): Promise<string> {
  const { input, output } = io;
  return new Promise((resolve, reject) => {
    let value = "";
    const tty = Boolean(input.isTTY && input.setRawMode);
    const finish = (err?: Error) => {
      input.removeListener("data", onData);
      input.removeListener("end", onEnd);
      if (tty) input.setRawMode!(false);
      input.pause();
      if (tty) output.write("\n");
      if (err) reject(err);
      else resolve(value);
    };
    const onEnd = () => finish();
    const onData = (chunk: Buffer | string) => {
      for (const ch of String(chunk)) {
        if (ch === "\u0003") return finish(new Error("Cancelled"));
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    output.write(prompt);
    if (tty) input.setRawMode!(true);
    input.on("data", onData);
    input.on("end", onEnd);
    input.resume();
  });
}
