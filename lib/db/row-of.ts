import type { InferSelectModel, Table } from "drizzle-orm";

/**
 * The row raw SQL reads from `T` (`SELECT * FROM ...`), keyed by the database's column names
 * (snake_case) and typed as the Drizzle table declares them: a raw row type is derived from
 * the table, never written out beside it, so renaming or retyping a column changes the row
 * type and every use of the old name stops compiling. Pick or extend it for a query that reads
 * a few columns or adds computed ones.
 */
export type RowOf<T extends Table> = {
  [K in keyof T["_"]["columns"] as T["_"]["columns"][K]["_"]["name"]]: InferSelectModel<T>[K &
    keyof InferSelectModel<T>];
};

/**
 * Checks at compile time that a hand-written row type (one that narrows a column, say a JSON
 * one) names only columns of `T`, each with a type the column can hold: `true` or a compile error.
 */
export type ColumnsOf<T extends Table, R> = keyof R extends keyof RowOf<T>
  ? { [K in keyof R]: R[K] extends RowOf<T>[K & keyof RowOf<T>] ? true : never }[keyof R] extends true
    ? true
    : never
  : never;
