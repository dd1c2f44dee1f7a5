import type { RowOf } from "../../db/row-of";
import type { attributeDefinitions } from "@/db/schema";
import type { Ctx } from "../../context";
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

/**
 * The audience frozen: the business's profiles the definition matches, written in the caller's
 * transaction into a new hidden list (one INSERT ... SELECT from the compiled predicate, in
 * profile id order; no row passes through this process). Its columns are the profile's fields
 * and the business's attribute keys (a key spelt like a field is left to the field), so
 * `${column}` works as on an uploaded list. The name is a retired list's (hidden from every
 * list view and lookup by name): the list lives as long as a promotion refers to it, and the
 * housekeeping removes it when its launch did not commit. Profiles hold normalised numbers,
 * one per profile, so the list has no rejects. No match is a 400 at `path`.
 */
export async function listFromSegment(
  tx: Ctx,
  input: { businessId: string; definition: ResolvedDefinition; createdBy?: string | null; path: string },
): Promise<TargetList> {
  const { businessId } = input;
  const id = uuidv7();
  const { columns, attributeKeys } = await segmentListColumns(tx, businessId);
  await rawQuery(
    tx.db,
    `INSERT INTO target_lists (id, business_id, name, columns, phone_column, created_by)
     VALUES ($1, $2, $3, $4::jsonb, 'phone', $5)`,
    [id, businessId, `${RETIRED_NAME_PREFIX}${id}`, JSON.stringify(columns), input.createdBy ?? null],
  );
  // $1 business, $2 list id, $3 the attribute keys (when there are any), then the predicate's values.
  const withKeys = attributeKeys.length > 0;
  const { from, where, params } = segmentWhere(businessId, input.definition, withKeys ? 4 : 3);
  const values = [
    ...PROFILE_COLUMNS.map(([, sql]) => sql),
    ...attributeKeys.map((_, i) => `(p.attributes ->> ($3::text[])[${i + 1}])`),
  ];
  const rows = await loadListRows(tx.db, id, (table) =>
    rawQuery<{ n: number }>(
      tx.db,
      `WITH written AS (
         INSERT INTO ${table} (list_id, business_id, row_number, phone, cells)
         SELECT $2, p.business_id, row_number() OVER (ORDER BY p.id), p.phone, ${joinedCells(values)}
         FROM ${from}
         WHERE ${where}
         RETURNING 1)
       SELECT count(*)::int AS n FROM written`,
      [params[0], id, ...(withKeys ? [attributeKeys] : []), ...params.slice(1)],
    ),
  );
  const rowCount = rows[0]?.n ?? 0;
  if (rowCount === 0) {
    throw invalid("No subscriber matches the audience", [
      { path: input.path, message: "No matching subscriber" },
    ]);
  }
  const [list] = await rawQuery<Record<string, unknown>>(
    tx.db,
    "UPDATE target_lists SET row_count = $2 WHERE id = $1 RETURNING *",
    [id, rowCount],
  );
  return toTargetList(list!);
}

const toTargetList = (r: Record<string, unknown>): TargetList => ({
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
