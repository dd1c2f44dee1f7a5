import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

export type TargetListRow = {
  id: string;
  name: string;
  rowCount: number;
  rejectedCount: number;
  columns: string[];
  phoneColumn: string;
  createdAt: Date;
  /** The promotions launched on this upload of the list, newest first (at most USED_BY_SHOWN). */
  usedBy: Array<{ id: string; name: string }>;
  usedByCount: number;
};

/** Columns the lists table sorts by on the server. */
export const targetListSortable = ["name", "rowCount", "rejectedCount", "createdAt"] as const;
const orderBy: Record<(typeof targetListSortable)[number], string> = {
  name: "lower(l.name)",
  rowCount: "l.row_count",
  rejectedCount: "l.rejected_count",
  createdAt: "l.created_at",
};
export const USED_BY_SHOWN = 5;

type Raw = {
  id: string;
  name: string;
  row_count: number;
  rejected_count: number;
  columns: string[];
  phone_column: string;
  created_at: Date;
  used_by: Array<{ id: string; name: string }> | null;
  used_by_count: number;
};

/**
 * The business's uploaded target lists (uploads still in progress, named "\u0001upload ...",
 * left out), searched by name, sorted and paged, each with the promotions launched on it.
 */
export async function listTargetLists(
  ctx: Ctx,
  businessId: string,
  input: { q: string; sort: { id: string; desc: boolean } | null; limit: number; offset: number },
): Promise<{ rows: TargetListRow[]; total: number }> {
  const q = input.q ? `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const sortId = targetListSortable.find((s) => s === input.sort?.id) ?? "createdAt";
  const dir = input.sort && !input.sort.desc ? "ASC" : "DESC";
  const order = `${orderBy[sortId]} ${dir}, l.id DESC`;
  const where = `l.business_id = $1 AND left(l.name, 1) <> chr(1) AND ($2::text IS NULL OR l.name ILIKE $2)`;
  const [rows, [count]] = await Promise.all([
    rawQuery<Raw>(
      ctx.db,
      `WITH matched AS (
         SELECT l.* FROM target_lists l WHERE ${where} ORDER BY ${order} LIMIT $3 OFFSET $4
       )
       SELECT l.id, l.name, l.row_count, l.rejected_count, l.columns, l.phone_column, l.created_at,
         u.used_by, coalesce(u.n, 0)::int AS used_by_count
       FROM matched l
       LEFT JOIN LATERAL (
         SELECT (jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name) ORDER BY x.id DESC)
                   FILTER (WHERE x.rn <= ${USED_BY_SHOWN})) AS used_by, count(*) AS n
         FROM (SELECT p.id, p.name, row_number() OVER (ORDER BY p.id DESC) AS rn FROM promotions p
               WHERE p.business_id = l.business_id AND p.target_list_id = l.id) x
       ) u ON true
       ORDER BY ${order}`,
      [businessId, q, input.limit, input.offset],
    ),
    rawQuery<{ n: number }>(ctx.db, `SELECT count(*)::int AS n FROM target_lists l WHERE ${where}`, [
      businessId,
      q,
    ]),
  ]);
  const total = count?.n ?? 0;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      rowCount: r.row_count,
      rejectedCount: r.rejected_count,
      columns: r.columns,
      phoneColumn: r.phone_column,
      createdAt: new Date(r.created_at),
      usedBy: r.used_by ?? [],
      usedByCount: r.used_by_count,
    })),
    total,
  };
}
