import { createHash } from "node:crypto";
import { runtimeSlot } from "../runtime";

/**
 * Names for the raw statements that recur, so node-postgres prepares each once per connection
 * and PostgreSQL plans it once (a generic plan after its first executions) instead of at every
 * call. Planning was ~30% of PostgreSQL's time on the single-send path: the group commit's
 * statement alone planned for 0.2 ms per batch (bench/results-archive/2026.md).
 *
 * A text is named on its third use, so statements built for one call (a list spelled out in
 * the text) stay unnamed; at most MAX_NAMED texts get a name, which bounds the prepared
 * statements PostgreSQL keeps per connection. Off with DB_PREPARED_STATEMENTS=false (a pooler
 * in transaction mode older than PgBouncer 1.21).
 */
const MAX_NAMED = 100;
const NAME_AFTER_USES = 3;
const MAX_COUNTED = 5_000;

declare module "../runtime" {
  interface Runtime {
    /** Statement texts named for preparing, their use counts, and whether naming is on. */
    preparedNames: { names: Map<string, string>; uses: Map<string, number>; enabled: boolean };
  }
}
// In the runtime: the pool is one per process, so the names it has prepared on its connections
// must be one per process too, whichever bundle's copy of this module asks.
const state = runtimeSlot("preparedNames", () => ({ names: new Map(), uses: new Map(), enabled: false }));
const { names, uses } = state;

/** Turns naming on or off for this process (lib/db/pool.ts, when the pool is made). */
export function setPreparedStatements(on: boolean): void {
  state.enabled = on;
}

/** The name to prepare `text` under, if it has earned one. */
export function statementName(text: string): string | undefined {
  if (!state.enabled) return undefined;
  const name = names.get(text);
  if (name !== undefined || names.size >= MAX_NAMED) return name;
  const n = (uses.get(text) ?? 0) + 1;
  if (n < NAME_AFTER_USES) {
    if (uses.size >= MAX_COUNTED) uses.clear();
    uses.set(text, n);
    return undefined;
  }
  uses.delete(text);
  const named = `sb_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
  names.set(text, named);
  return named;
}
