import type pg from "pg";

/**
 * The profiles of `businessId` whose profile_facets row (or its absence) differs from what the
 * triggers' own statement (profile_facets_upsert_sql, migration 0057) writes from the profile
 * now, plus facets rows without a profile. Empty when the copy is in step. Runs in a transaction
 * it rolls back (a temporary table of the expected rows).
 */
export async function facetsOutOfStep(pool: pg.Pool, businessId: string): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      "CREATE TEMP TABLE expected_facets (LIKE profile_facets INCLUDING ALL) ON COMMIT DROP",
    );
    const [{ text }] = (
      await client.query<{ text: string }>(
        "SELECT replace(profile_facets_upsert_sql($1, 'profiles r WHERE true'), 'INSERT INTO profile_facets', 'INSERT INTO pg_temp.expected_facets') AS text",
        [businessId],
      )
    ).rows as [{ text: string }];
    await client.query(text, [businessId]);
    const empty = (t: string) =>
      `(jsonb_strip_nulls(to_jsonb(${t})) - 'business_id' - 'profile_id' - 'tag_ids' = '{}' AND ${t}.tag_ids = '{}')`;
    const { rows } = await client.query<{ id: string }>(
      `SELECT coalesce(e.profile_id, f.profile_id)::text AS id
         FROM pg_temp.expected_facets e
         FULL JOIN (SELECT * FROM profile_facets WHERE business_id = $1) f USING (business_id, profile_id)
        WHERE (f.profile_id IS NULL AND NOT ${empty("e")})
           OR (e.profile_id IS NULL)
           OR (f.profile_id IS NOT NULL AND e.profile_id IS NOT NULL AND to_jsonb(e) <> to_jsonb(f))`,
      [businessId],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}
