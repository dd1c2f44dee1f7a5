import type { RowOf } from "../../db/row-of";
import type { attributeDefinitions } from "@/db/schema";
import type { Ctx } from "../../context";
import type { Executor } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { invalid } from "../../errors";
import { uuidv7 } from "../../ids";
import type { ResolvedDefinition } from "../../audiences/segments/check-definition";
import { segmentWhere } from "../../audiences/segments/segment-matches";
import { RETIRED_NAME_PREFIX } from "./drop-list";
import type { TargetList } from "./find-list";
import { loadListRows } from "./list-rows-table";

/** A profile's text as a stored cell: a U+001F in it (the cells' separator) becomes U+FFFD. */
const cell = (sql: string) => `replace(coalesce(${sql}, ''), chr(31), chr(65533))`;

/**
 * The row's cells joined by U+001F. A profile's text almost never holds a U+001F, so the row
 * is searched for one once and joined as it is, and only a row that holds one pays a replace
 * per cell (eleven replaces a row were 40% of a 1,000,000-profile freeze's expression time).
 */
const joinedCells = (values: string[]) =>
  `CASE WHEN strpos(concat(${values.join(", ")}), chr(31)) = 0
     THEN concat_ws(chr(31), ${values.map((v) => `coalesce(${v}, '')`).join(", ")})
     ELSE concat_ws(chr(31), ${values.map(cell).join(", ")}) END`;

/** The profile's own columns of a segment's list (`${name}`, `${city}`... in the template). */
const PROFILE_COLUMNS: [string, string][] = [
  ["phone", "p.phone"],
  ["name", "p.name"],
  ["city", "p.city"],
  ["gender", "p.gender"],
  ["age", "p.age::text"],
  ["dob", "p.dob::text"],
  ["countryCode", "p.country_code"],
  ["businessSubscriberId", "p.business_subscriber_id"],
];

/**
 * The columns a segment's list of this business has: the profile's, then its attribute keys (a
 * key spelt like a profile column is left to the column).
 */
export async function segmentListColumns(ctx: Ctx, businessId: string) {
  const keys = await rawQuery<Pick<RowOf<typeof attributeDefinitions>, "key">>(
    ctx.db,
    "SELECT key FROM attribute_definitions WHERE business_id = $1 ORDER BY key",
    [businessId],
  );
  const taken = new Set(PROFILE_COLUMNS.map(([c]) => c.toLowerCase()));
  const attributeKeys = keys.map((k) => k.key).filter((k) => !taken.has(k.toLowerCase()));
  return { columns: [...PROFILE_COLUMNS.map(([c]) => c), ...attributeKeys], attributeKeys };
}

/** Which profiles a statement of the freeze reads: all, or those below or from a profile id. */
export type FreezePart = { below?: string; from?: string };

/**
 * The freeze's statements for one definition: `insert` writes the matching profiles of `part`
 * into a list's own table, numbered in profile id order after `offset` (one INSERT ... SELECT
 * from the compiled predicate; no row passes through this process) and returns how many;
 * `count` counts them. The same text for the whole audience and for its parts, so parts by id
 * freeze exactly the rows and numbers the whole would.
 */
export function freezeStatements(
  businessId: string,
  definition: ResolvedDefinition,
  attributeKeys: string[],
) {
  const withKeys = attributeKeys.length > 0;
  const values = [
    ...PROFILE_COLUMNS.map(([, sql]) => sql),
    ...attributeKeys.map((_, i) => `(p.attributes ->> ($3::text[])[${i + 1}])`),
  ];
  const range = (part: FreezePart, next: number) => {
    const bound = part.below ?? part.from;
    if (bound === undefined) return { sql: "", params: [] };
    return { sql: ` AND p.id ${part.below !== undefined ? "<" : ">="} $${next}::uuid`, params: [bound] };
  };
  return {
    insert(executor: Executor, table: string, listId: string, part: FreezePart = {}, offset = 0) {
      // $1 business, $2 list id, $3 the attribute keys (when there are any), then the
      // predicate's values, then the part's bound and the offset.
      const { from, where, params } = segmentWhere(businessId, definition, withKeys ? 4 : 3);
      const all = [params[0], listId, ...(withKeys ? [attributeKeys] : []), ...params.slice(1)];
      const r = range(part, all.length + 1);
      all.push(...r.params);
      const numbered = offset === 0 ? "" : ` + $${all.push(offset)}::int`;
      return rawQuery<{ n: number }>(
        executor,
        `WITH written AS (
           INSERT INTO ${table} (list_id, business_id, row_number, phone, cells)
           SELECT $2, p.business_id, row_number() OVER (ORDER BY p.id)${numbered}, p.phone, ${joinedCells(values)}
           FROM ${from}
           WHERE ${where}${r.sql}
           RETURNING 1)
         SELECT count(*)::int AS n FROM written`,
        all,
      ).then((rows) => rows[0]?.n ?? 0);
    },
    count(executor: Executor, part: FreezePart) {
      const { from, where, params } = segmentWhere(businessId, definition, 2);
      const r = range(part, params.length + 1);
      return rawQuery<{ n: number }>(
        executor,
        `SELECT count(*)::int AS n FROM ${from} WHERE ${where}${r.sql}`,
        [...params, ...r.params],
      ).then((rows) => rows[0]?.n ?? 0);
    },
  };
}

/** No match is a 400 at `path`. */
export const noSubscriber = (path: string) =>
  invalid("No subscriber matches the audience", [{ path, message: "No matching subscriber" }]);

/**
 * The audience frozen: the business's profiles the definition matches, written in the caller's
 * transaction into a new hidden list (one INSERT ... SELECT: freezeStatements, in profile id
 * order). Its columns are the profile's fields and the business's attribute keys (a key spelt
 * like a field is left to the field), so `${column}` works as on an uploaded list. The name is
 * a retired list's (hidden from every list view and lookup by name): the list lives as long as
 * a promotion refers to it, and the housekeeping removes it when its launch did not commit.
 * Profiles hold normalised numbers, one per profile, so the list has no rejects. No match is a
 * 400 at `path`. A launch freezes a large audience in parts instead (freezeSegmentList).
 */
export async function listFromSegment(
  tx: Ctx,
  input: { businessId: string; definition: ResolvedDefinition; createdBy?: string | null; path: string },
): Promise<TargetList> {
  const { businessId } = input;
  const id = uuidv7();
  const { columns, attributeKeys } = await segmentListColumns(tx, businessId);
  await insertListRow(tx.db, {
    id,
    businessId,
    name: `${RETIRED_NAME_PREFIX}${id}`,
    columns,
    createdBy: input.createdBy,
  });
  const statements = freezeStatements(businessId, input.definition, attributeKeys);
  const rowCount = await loadListRows(tx.db, id, (table) => statements.insert(tx.db, table, id));
  if (rowCount === 0) throw noSubscriber(input.path);
  const [list] = await rawQuery<Record<string, unknown>>(
    tx.db,
    "UPDATE target_lists SET row_count = $2 WHERE id = $1 RETURNING *",
    [id, rowCount],
  );
  return toTargetList(list!);
}

/** A segment's list row: its columns, phone in `phone`, no rows counted yet. */
export const insertListRow = (
  executor: Executor,
  l: { id: string; businessId: string; name: string; columns: string[]; createdBy?: string | null },
) =>
  rawQuery(
    executor,
    `INSERT INTO target_lists (id, business_id, name, columns, phone_column, created_by)
     VALUES ($1, $2, $3, $4::jsonb, 'phone', $5)`,
    [l.id, l.businessId, l.name, JSON.stringify(l.columns), l.createdBy ?? null],
  );

export const toTargetList = (r: Record<string, unknown>): TargetList => ({
  id: r.id as string,
  businessId: r.business_id as string,
  name: r.name as string,
  columns: r.columns as string[],
  phoneColumn: r.phone_column as string,
  rowCount: r.row_count as number,
  rejectedCount: r.rejected_count as number,
  createdBy: (r.created_by as string | null) ?? null,
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});
