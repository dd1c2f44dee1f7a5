import type { Executor } from "./pool";
import { rawQuery } from "./sql";

/** An SQL fragment with its own parameters, numbered from $1. */
export type SqlFragment = { text: string; values: readonly unknown[] };

/**
 * Something that writes jobs as an SQL fragment (a queue handle, lib/jobs/declare-queue.ts). Async:
 * it may first create its queue through `executor`.
 */
export type JobInsert<J> = {
  jobsInsert(executor: Executor, jobs: J[]): Promise<SqlFragment>;
  /** Told once the statement holding `jobs` ran (the queue wakes its worker when they commit). */
  jobsInserted?(executor: Executor, jobs: J[]): void;
};

type Part = {
  name: string;
  fragment: SqlFragment | ((executor: Executor) => Promise<SqlFragment>);
  inserted?: (executor: Executor) => void;
};

/**
 * "These rows and their jobs in ONE statement": each `with` adds a data-modifying CTE written
 * with its own $1..$n and values, `jobs` adds pg-boss's job insert for a queue, and `run`
 * renumbers every fragment's parameters into one statement. One statement is atomic on the
 * pool without a transaction and costs one round trip: the send path's group commit and the
 * callbacks' enqueue and retries depend on that (bench/results-archive/2026.md).
 */
export class WriteStatement {
  private readonly parts: Part[] = [];

  /** A CTE `name AS (text)`; `text` numbers its own parameters from $1. */
  with(name: string, text: string, values: readonly unknown[]): this {
    this.parts.push({ name, fragment: { text, values } });
    return this;
  }

  /** The jobs, inserted by the same statement (nothing when `jobs` is empty). */
  jobs<J>(queue: JobInsert<J>, jobs: J[], name = "jobs"): this {
    if (jobs.length > 0)
      this.parts.push({
        name,
        fragment: (executor) => queue.jobsInsert(executor, jobs),
        inserted: (executor) => queue.jobsInserted?.(executor, jobs),
      });
    return this;
  }

  /** Runs the statement through `executor` (the pool, or the caller's transaction). */
  async run(executor: Executor): Promise<void> {
    if (this.parts.length === 0) return;
    const ctes: string[] = [];
    const values: unknown[] = [];
    for (const part of this.parts) {
      const f = typeof part.fragment === "function" ? await part.fragment(executor) : part.fragment;
      ctes.push(`${part.name} AS (${renumber(f.text, values.length)})`);
      values.push(...f.values);
    }
    await rawQuery(executor, `WITH ${ctes.join(", ")} SELECT 1`, values);
    for (const part of this.parts) part.inserted?.(executor);
  }
}

export const writeStatement = (): WriteStatement => new WriteStatement();

// Fragments are mostly constants and their offsets repeat: renumbered texts are kept, by text
// then offset (bounded, so a caller building texts on the fly cannot grow it without end).
const renumbered = new Map<string, Map<number, string>>();
const MAX_CACHED = 256;

/** `text` with $n turned into $(n + offset). Fragments hold no `$` in literals or quoting. */
export function renumber(text: string, offset: number): string {
  if (offset === 0) return text;
  let byOffset = renumbered.get(text);
  if (!byOffset) {
    if (renumbered.size >= MAX_CACHED) renumbered.clear();
    renumbered.set(text, (byOffset = new Map()));
  }
  let out = byOffset.get(offset);
  if (out === undefined) {
    out = text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    byOffset.set(offset, out);
  }
  return out;
}
