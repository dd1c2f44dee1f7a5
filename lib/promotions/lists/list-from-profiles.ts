import { sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalid, invalidInput } from "../../errors";
import { uuidv7 } from "../../ids";
import { dropList } from "./drop-list";
import { loadListRows } from "./list-rows-table";
import { listName, type ListSummary } from "./schemas";

/** A profile's text as a stored cell: a U+001F in it (the cells' separator) becomes U+FFFD. */
const cell = (column: string) => `replace(coalesce(${column}, ''), chr(31), chr(65533))`;

/** The columns of a list written from profiles (`${name}`, `${city}`... in the template). */
export const PROFILE_LIST_COLUMNS = ["phone", "name", "city", "gender", "age"] as const;

const text = z.string().trim().max(100).optional();
const age = z.number().int().min(0).max(150).optional();

export const profilesListInput = z
  .object({
    name: listName,
    city: text,
    gender: text,
    minAge: age,
    maxAge: age,
  })
  .refine((f) => f.minAge === undefined || f.maxAge === undefined || f.minAge <= f.maxAge, {
    message: "The lowest age must not be above the highest",
    path: ["maxAge"],
  });

export type ProfilesListInput = z.input<typeof profilesListInput>;

/**
 * Writes the business's profiles (all, or those of a city, a gender, an age range) into the
 * target list `name`, replacing a list of that name, in one INSERT ... SELECT: the rows never
 * pass through this process, so 1M profiles cost no memory here. One transaction: a launch
 * sees the old list or the new one. Profiles already hold normalised unique numbers, so a list
 * from profiles has no rejects.
 */
export async function createListFromProfiles(
  ctx: Ctx,
  input: { businessId: string; createdBy?: string | null; filter: ProfilesListInput },
): Promise<ListSummary> {
  const parsed = profilesListInput.safeParse(input.filter);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid audience");
  const f = parsed.data;
  const { businessId } = input;
  const id = uuidv7();
  return inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${businessId} || ':' || ${f.name}))`);
    await dropList(tx.db, { businessId, name: f.name });
    await rawQuery(
      tx.db,
      `INSERT INTO target_lists (id, business_id, name, columns, phone_column, created_by)
       VALUES ($1, $2, $3, $4::jsonb, 'phone', $5)`,
      [id, businessId, f.name, JSON.stringify(PROFILE_LIST_COLUMNS), input.createdBy ?? null],
    );
    // Straight into the list's own table, keyed and attached once it is full (loadListRows).
    const rows = await loadListRows(tx.db, id, (table) =>
      rawQuery<{ n: number }>(
        tx.db,
        `WITH written AS (
           INSERT INTO ${table} (list_id, business_id, row_number, phone, cells)
           SELECT $1, p.business_id, row_number() OVER (ORDER BY p.id), p.phone,
                  concat_ws(chr(31), p.phone, ${cell("p.name")}, ${cell("p.city")}, ${cell("p.gender")},
                            coalesce(p.age::text, ''))
           FROM profiles p
           WHERE p.business_id = $2
             AND ($3::text IS NULL OR lower(p.city) = lower($3))
             AND ($4::text IS NULL OR lower(p.gender) = lower($4))
             AND ($5::int IS NULL OR p.age >= $5)
             AND ($6::int IS NULL OR p.age <= $6)
           RETURNING 1)
         SELECT count(*)::int AS n FROM written`,
        [id, businessId, f.city || null, f.gender || null, f.minAge ?? null, f.maxAge ?? null],
      ),
    );
    const rowCount = rows[0]?.n ?? 0;
    if (rowCount === 0) {
      throw invalid("No profile matches these filters", [{ path: "city", message: "No matching profile" }]);
    }
    await rawQuery(tx.db, "UPDATE target_lists SET row_count = $2 WHERE id = $1", [id, rowCount]);
    return {
      id,
      name: f.name,
      columns: [...PROFILE_LIST_COLUMNS],
      phoneColumn: "phone",
      rowCount,
      rejectedCount: 0,
    };
  });
}
