import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * CI's check that the SQL the tests ran on the embedded PostgreSQL 18 is SQL an older server
 * (the machine's PostgreSQL 15, `SQL_ALSO_ON`) takes too: every distinct statement a test
 * process sent is recorded (captureStatements), and at the end of the run each one is prepared
 * (parsed, analysed and planned against the migrated schema: unknown functions, syntax, types
 * and columns all fail here) on both servers. A statement PostgreSQL 18 prepares and 15 refuses
 * fails the run. This replaced running every database test a second time on 15, which took
 * minutes of CI's 15 (docs/decisions/embedded-postgresql.md).
 */

const MARK = Symbol.for("switchboard.capturedStatements");
type Marked = { [MARK]?: Set<string> };

/** Records each distinct statement text this process sends through `pg` into `dir`, one file per process. */
export function captureStatements(dir: string): void {
  const proto = pg.Client.prototype as unknown as Marked & { query: (...a: unknown[]) => unknown };
  if (proto[MARK]) return; // a module graph of its own per file ("db-isolated"), one pg per process
  const seen = new Set<string>();
  proto[MARK] = seen;
  const file = path.join(dir, `${process.pid}.jsonl`);
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === "string"
        ? first
        : first && typeof first === "object" && typeof (first as { text?: unknown }).text === "string"
          ? (first as { text: string }).text
          : undefined;
    if (text !== undefined && !seen.has(text)) {
      seen.add(text);
      appendFileSync(file, `${JSON.stringify(text)}\n`);
    }
    return query.apply(this, args);
  };
}

/** The statements PREPARE takes (the rest, DDL and session commands, are the migrations' and the harness's). */
const PREPARABLE =
  /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*(select|insert|update|delete|with|values|merge)\b/i;

export type StatementCheck = { checked: number; skipped: number; refusedOnBoth: number; onlyNewer: string[] };

/**
 * Prepares every captured statement on `newerUrl` and `olderUrl` (two databases with the same
 * migrated schema) and returns those only the newer server takes, with the older one's error.
 * A statement both refuse (one that names a table a test created, or a parameter whose type
 * only its value gave) says nothing about versions and is counted apart.
 */
export async function prepareEverywhere(
  dir: string,
  newerUrl: string,
  olderUrl: string,
): Promise<StatementCheck> {
  const texts = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".jsonl")))
    for (const line of readFileSync(path.join(dir, f), "utf8").split("\n"))
      if (line) texts.add(JSON.parse(line) as string);
  const newer = new pg.Client({ connectionString: newerUrl });
  const older = new pg.Client({ connectionString: olderUrl });
  await newer.connect();
  await older.connect();
  const result: StatementCheck = { checked: 0, skipped: 0, refusedOnBoth: 0, onlyNewer: [] };
  try {
    for (const text of texts) {
      if (!PREPARABLE.test(text)) {
        result.skipped++;
        continue;
      }
      const onOlder = await prepare(older, text);
      result.checked++;
      if (onOlder === null) continue;
      if ((await prepare(newer, text)) === null)
        result.onlyNewer.push(`${onOlder}\n    ${text.replace(/\s+/g, " ").slice(0, 400)}`);
      else result.refusedOnBoth++;
    }
  } finally {
    await newer.end();
    await older.end();
  }
  return result;
}

/** null when `text` prepares, else the server's message. */
async function prepare(c: pg.Client, text: string): Promise<string | null> {
  try {
    await c.query(`PREPARE sb_statement_check AS ${text.trim().replace(/;\s*$/, "")}`);
    await c.query("DEALLOCATE sb_statement_check");
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
