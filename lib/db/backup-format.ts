import type { Readable, Writable } from "node:stream";

// The backup file (npm run admin -- backup): gzip over a sequence of frames, each a JSON line
// followed by its payload. A table's payload is its rows as PostgreSQL's COPY text format writes
// them, ended by a line `\.` (COPY escapes backslashes, so no row is that line); a file's payload
// is its bytes. Logical rather than a copy of the data directory: it restores into any later
// PostgreSQL (the next major version of the embedded binaries, or a server), and a PGlite
// directory is exported into the same format (lib/db/pglite-upgrade.ts).

export const BACKUP_FORMAT = "switchboard-backup-2";

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** server_version of the database it was taken from. */
  postgres: string;
  /** The schema's migrations (their hashes, in order): the restore builds exactly this schema first. */
  migrations: string[];
};

/** A partition made at run time (a list's rows, a job queue's jobs): how to make it again. */
export type PartitionDdl = {
  parent: string;
  /** pg_get_expr of its bound, e.g. FOR VALUES IN ('...'). */
  bound: string;
  /** Its own constraints and indexes (ALTER TABLE ... ADD CONSTRAINT, CREATE INDEX), not the parent's. */
  ddl: string[];
};

export type TableFrame = { table: string; columns: string[]; partition?: PartitionDdl };
export type SequenceFrame = { sequence: string; value: string; called: boolean };
export type FileFrame = { file: string; bytes: number };
export type EndFrame = { end: true; rows: Record<string, number>; files: string[] };

const TERMINATOR = Buffer.from("\\.\n");
const NL = 0x0a;

async function write(out: Writable, data: string | Buffer): Promise<void> {
  if (!out.write(data)) await new Promise<void>((resolve) => out.once("drain", resolve));
}

/** Writes frames to `out` (the gzip stream of the file), with back-pressure. */
export class BackupWriter {
  private rows: Record<string, number> = {};
  private files: string[] = [];
  constructor(private readonly out: Writable) {}

  async header(h: BackupHeader): Promise<void> {
    await write(this.out, `${JSON.stringify(h)}\n`);
  }

  /** A table's frame and its COPY text rows; returns how many rows there were. */
  async table(frame: TableFrame, rows: AsyncIterable<Buffer>): Promise<number> {
    await write(this.out, `${JSON.stringify(frame)}\n`);
    let n = 0;
    let last = NL;
    for await (const chunk of rows) {
      if (chunk.length === 0) continue;
      for (let i = chunk.indexOf(NL); i !== -1; i = chunk.indexOf(NL, i + 1)) n++;
      last = chunk[chunk.length - 1]!;
      await write(this.out, chunk);
    }
    if (last !== NL) throw new Error(`the rows of ${frame.table} did not end with a line break`);
    await write(this.out, TERMINATOR);
    this.rows[frame.table] = n;
    return n;
  }

  async sequence(frame: SequenceFrame): Promise<void> {
    await write(this.out, `${JSON.stringify(frame)}\n`);
  }

  async file(name: string, data: Buffer): Promise<void> {
    await write(this.out, `${JSON.stringify({ file: name, bytes: data.length } satisfies FileFrame)}\n`);
    await write(this.out, data);
    await write(this.out, "\n");
    this.files.push(name);
  }

  async end(): Promise<EndFrame> {
    const end: EndFrame = { end: true, rows: this.rows, files: this.files };
    await write(this.out, `${JSON.stringify(end)}\n`);
    return end;
  }
}

export type Frame =
  | { kind: "header"; header: BackupHeader }
  | { kind: "table"; frame: TableFrame; rows: AsyncIterable<Buffer> }
  | { kind: "sequence"; frame: SequenceFrame }
  | { kind: "file"; frame: FileFrame; data: Buffer }
  | { kind: "end"; frame: EndFrame };

/** Pulls bytes from a stream: lines, exact lengths, and a table's rows up to their terminator. */
class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private readonly it: AsyncIterator<Buffer>;
  private done = false;
  constructor(input: Readable) {
    this.it = (input as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    if (this.done) return false;
    const { value, done } = await this.it.next();
    if (done) {
      this.done = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, value]) : value;
    return true;
  }

  async line(): Promise<string | undefined> {
    for (;;) {
      const i = this.buf.indexOf(NL);
      if (i !== -1) {
        const line = this.buf.subarray(0, i).toString("utf8");
        this.buf = this.buf.subarray(i + 1);
        return line;
      }
      if (!(await this.more())) {
        if (this.buf.length) throw new Error("the backup ends in the middle of a line: it is truncated");
        return undefined;
      }
    }
  }

  async exact(n: number): Promise<Buffer> {
    // Gathered, then joined once: a media file is many chunks.
    const parts: Buffer[] = [];
    let need = n;
    for (;;) {
      const take = this.buf.subarray(0, need);
      parts.push(take);
      need -= take.length;
      this.buf = this.buf.subarray(take.length);
      if (need === 0) return Buffer.concat(parts);
      if (!(await this.more())) throw new Error("the backup ends in the middle of a file: it is truncated");
    }
  }

  /** The rows of a table frame, chunk by chunk (whole lines), up to (not including) the `\.` line. */
  async *rows(): AsyncGenerator<Buffer> {
    for (;;) {
      // `from` is always the start of a line; a line is looked at once it is whole.
      let from = 0;
      while (this.buf.length - from >= 3) {
        if (this.buf[from] === 0x5c && this.buf[from + 1] === 0x2e && this.buf[from + 2] === NL) {
          if (from > 0) yield this.buf.subarray(0, from);
          this.buf = this.buf.subarray(from + 3);
          return;
        }
        const nl = this.buf.indexOf(NL, from);
        if (nl === -1) break;
        from = nl + 1;
      }
      if (from > 0) {
        yield this.buf.subarray(0, from);
        this.buf = this.buf.subarray(from);
      }
      if (!(await this.more())) throw new Error("the backup ends in the middle of a table: it is truncated");
    }
  }
}

/**
 * The frames of a backup (the gunzipped stream) in order. A table's rows must be read (or
 * drained) before the next frame is asked for.
 */
export async function* readBackup(input: Readable): AsyncGenerator<Frame> {
  const r = new ByteReader(input);
  const first = await r.line();
  let header: BackupHeader;
  try {
    header = JSON.parse(first ?? "") as BackupHeader;
  } catch {
    header = {} as BackupHeader;
  }
  if (header.format !== BACKUP_FORMAT || !Array.isArray(header.migrations))
    throw new Error(`not a Switchboard backup (${BACKUP_FORMAT})`);
  yield { kind: "header", header };
  for (;;) {
    const line = await r.line();
    if (line === undefined) throw new Error("the backup has no end: it is truncated");
    const f = JSON.parse(line) as Partial<TableFrame & SequenceFrame & FileFrame & EndFrame>;
    if (f.end) return yield { kind: "end", frame: f as EndFrame };
    if (typeof f.table === "string") yield { kind: "table", frame: f as TableFrame, rows: r.rows() };
    else if (typeof f.sequence === "string") yield { kind: "sequence", frame: f as SequenceFrame };
    else if (typeof f.file === "string" && typeof f.bytes === "number") {
      const data = await r.exact(f.bytes);
      await r.exact(1);
      yield { kind: "file", frame: f as FileFrame, data };
    } else throw new Error(`the backup holds an unknown frame: ${line.slice(0, 80)}`);
  }
}
