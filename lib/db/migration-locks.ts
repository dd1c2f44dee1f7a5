/**
 * The no-long-lock rule for migrations (docs/decisions/production-operations.md),
 * as a check over their SQL: migrations run on start inside one transaction while the old
 * release may still serve, so a statement that rewrites or scans a large table under an
 * exclusive lock stops sending for as long as it runs.
 */

/** Tables that grow with traffic (per message, per event, per subscriber, per job). */
export const LARGE_TABLES = new Set([
  "messages",
  "message_events",
  "message_stats",
  "callback_deliveries",
  "callback_attempts",
  "inbound_messages",
  "promotion_recipients",
  "target_list_rows",
  "profiles",
  "audit_log",
  "calls",
  "job",
]);

/** Defaults PostgreSQL must compute per row: adding a column with one rewrites the table. */
const VOLATILE =
  /\b(now|random|clock_timestamp|statement_timestamp|gen_random_uuid|uuid_generate_v\d|timeofday|nextval)\s*\(/i;

export type Violation = { file: string; rule: string; table: string; statement: string };

const tableOf = (re: RegExp, sql: string): string | undefined => {
  const m = re.exec(sql);
  return m ? m[1]!.replace(/"/g, "").split(".").pop() : undefined;
};

/** Each statement of a drizzle-kit migration that breaks the rule on a large table it did not create. */
export function lockViolations(file: string, sql: string): Violation[] {
  const statements = sql
    .split("--> statement-breakpoint")
    .map((s) =>
      s
        .replace(/--[^\n]*\n/g, "\n")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  const created = new Set(
    statements.flatMap((s) => {
      const t = tableOf(/^CREATE TABLE (?:IF NOT EXISTS )?("?[\w.]+"?(?:\."?\w+"?)?)/i, s);
      return t ? [t] : [];
    }),
  );
  const out: Violation[] = [];
  const flag = (rule: string, table: string | undefined, statement: string) => {
    if (table && LARGE_TABLES.has(table) && !created.has(table))
      out.push({ file, rule, table, statement: statement.slice(0, 160) });
  };
  for (const s of statements) {
    const alterTable = tableOf(/^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?("?[\w]+"?(?:\."?\w+"?)?)/i, s);
    if (/^CREATE (UNIQUE )?INDEX (?!CONCURRENTLY)/i.test(s))
      flag("index built without CONCURRENTLY", tableOf(/ ON (?:ONLY )?("?[\w]+"?(?:\."?\w+"?)?)/i, s), s);
    if (alterTable) {
      if (/ADD COLUMN[^,]*\bDEFAULT\b/i.test(s) && VOLATILE.test(s))
        flag("column added with a volatile default", alterTable, s);
      if (/ALTER COLUMN \S+ (SET DATA )?TYPE /i.test(s))
        flag("column type changed (table rewrite)", alterTable, s);
      if (/ALTER COLUMN \S+ SET NOT NULL/i.test(s))
        flag("SET NOT NULL (full scan under lock)", alterTable, s);
      if (/ADD CONSTRAINT .*\b(FOREIGN KEY|CHECK)\b/i.test(s) && !/NOT VALID/i.test(s))
        flag("constraint validated under lock (add it NOT VALID, validate later)", alterTable, s);
    }
    if (/^(UPDATE|DELETE FROM) /i.test(s))
      flag(
        "rows rewritten in the migration (backfill in batches outside it)",
        tableOf(/^(?:UPDATE|DELETE FROM) ("?[\w]+"?(?:\."?\w+"?)?)/i, s),
        s,
      );
    if (/^(VACUUM FULL|CLUSTER|LOCK TABLE)\b/i.test(s))
      flag("table locked for its whole length", tableOf(/ ("?[\w]+"?)\s*;?$/i, s), s);
  }
  return out;
}
