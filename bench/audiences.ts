// Segments (docs/audiences.md, "Segments"): a live count and the first page of a segment of
// three conditions (a tag, a choice attribute, a number attribute) over 1,000,000 profiles of one
// business, on a fresh PostgreSQL database, through the domain functions the routes call
// (countDefinition: count + sample; listSegmentMatches: the first page of 100). Goal: count
// <= 300 ms, first page <= 100 ms. Baseline in the same run: a bare count of the business's
// profiles. Measured without, then with, the GIN index on profiles.attributes (the operator
// step of docs/audiences.md, built CONCURRENTLY here as it would be on a live table).
// Run: npx tsx bench/audiences.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_MESSAGES (profiles, default 1000000), BENCH_RUNS (default 20).
import { benchSize, freshDatabase, ms, stats } from "./lib/fresh-database";

const database = await freshDatabase("audiences.ts", "audiences");
const { total, runs } = benchSize();

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { uuidv7 } = await import("../lib/ids");
const { createBusiness } = await import("../lib/businesses/create-business");
const { createSegment } = await import("../lib/audiences/segments/segments");
const { countDefinition, listSegmentMatches } = await import("../lib/audiences/segments/segment-matches");

const time = async (label: string, fn: () => Promise<unknown>): Promise<number> => {
  await fn(); // warm: plan cache, buffers
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    xs.push(ms(t0));
  }
  const median = [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`${label.padEnd(44)} ${stats(xs)}`);
  return median;
};

try {
  await migrate(pool());
  const ctx = systemCtx("bench");
  const biz = await createBusiness(ctx, { name: "Audiences bench", defaultCountry: "IN" });
  const b = biz.id;
  const t0 = process.hrtime.bigint();
  await pool().query(
    `INSERT INTO attribute_definitions (id, business_id, key, label, type, choices) VALUES
       ($2, $1, 'plan', 'Plan', 'choice', ARRAY['Gold','Silver','Bronze']),
       ($3, $1, 'spend', 'Spend', 'number', NULL),
       ($4, $1, 'vip', 'VIP', 'boolean', NULL)`,
    [b, uuidv7(), uuidv7(), uuidv7()],
  );
  const tags = [uuidv7(), uuidv7(), uuidv7()];
  await pool().query(
    `INSERT INTO tags (id, business_id, name, colour) VALUES ($2, $1, 'VIP', 'gray'), ($3, $1, 'Trial', 'gray'), ($4, $1, 'Lapsed', 'gray')`,
    [b, ...tags],
  );
  // An id in insertion order from the row number, UUIDv7-shaped (time-ordered), as the app's.
  await pool().query(
    `CREATE FUNCTION bench_profile_id(i int) RETURNS uuid LANGUAGE sql IMMUTABLE AS
     $$ SELECT (lpad(to_hex(1700000000000::bigint + i), 12, '0') || '7000' || '8000' || lpad(to_hex(i), 12, '0'))::uuid $$`,
  );
  // Profiles: plan Gold 20% / Silver 30% / Bronze 50%, spend 0-999, 10 cities.
  for (let from = 0; from < total; from += 100_000) {
    await pool().query(
      `INSERT INTO profiles (id, business_id, phone, country_code, name, city, age, attributes)
       SELECT bench_profile_id(i), $1, (919000000000 + i)::text, 'IN', 'Name ' || i,
              (ARRAY['Pune','Mumbai','Delhi','Chennai','Kolkata','Jaipur','Surat','Nagpur','Indore','Bhopal'])[1 + i % 10],
              18 + i % 53,
              jsonb_build_object('plan', CASE WHEN i % 10 < 2 THEN 'Gold' WHEN i % 10 < 5 THEN 'Silver' ELSE 'Bronze' END,
                                 'spend', (i::bigint * 7919) % 1000, 'vip', i % 3 = 0)
       FROM generate_series($2::int, $3::int) i`,
      [b, from, Math.min(from + 100_000, total) - 1],
    );
  }
  // Tags: VIP on 25% of the profiles, Trial on 10%.
  await pool().query(
    `INSERT INTO profile_tags (business_id, profile_id, tag_id)
     SELECT $1::uuid, p.id, $2::uuid FROM profiles p WHERE p.business_id = $1 AND abs(hashtext(p.phone)) % 4 = 0
     UNION ALL
     SELECT $1::uuid, p.id, $3::uuid FROM profiles p WHERE p.business_id = $1 AND abs(hashtext(p.phone)) % 10 = 1`,
    [b, tags[0], tags[1]],
  );
  await pool().query("VACUUM ANALYZE profiles");
  await pool().query("VACUUM ANALYZE profile_tags");
  console.log(
    `setup: ${total.toLocaleString()} profiles in ${(ms(t0) / 1000).toFixed(1)} s; ${runs} runs each`,
  );

  const definition = {
    match: "all",
    groups: [
      {
        match: "all",
        conditions: [
          { kind: "tags", op: "any_of", tags: ["VIP"] },
          { kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] },
          { kind: "attribute", key: "spend", op: "greater", value: 500 },
        ],
      },
    ],
  };
  const segment = await createSegment(ctx, b, { name: "Gold VIPs over 500", definition });
  const { count } = await countDefinition(ctx, b, definition);
  console.log(`segment matches ${count.toLocaleString()} profiles`);

  const { checkDefinition } = await import("../lib/audiences/segments/check-definition");
  const { segmentWhere } = await import("../lib/audiences/segments/segment-matches");
  const { SegmentDefinition } = await import("../lib/audiences/segments/definition");
  const explain = async () => {
    if (!process.env.BENCH_EXPLAIN) return;
    const resolved = await checkDefinition(ctx, b, SegmentDefinition.parse(definition));
    const { where, params } = segmentWhere(b, resolved);
    const plan = await pool().query(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM profiles p WHERE ${where}`,
      params,
    );
    console.log(plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
  };
  const measure = async (label: string) => {
    await explain();
    const bare = await time(`${label}: bare count(*) of the business`, () =>
      pool().query("SELECT count(*) FROM profiles WHERE business_id = $1", [b]),
    );
    const counted = await time(`${label}: segment count + sample`, () => countDefinition(ctx, b, definition));
    const page = await time(`${label}: segment first page (100)`, () =>
      listSegmentMatches(ctx, b, segment.id, { limit: "100" }),
    );
    console.log(
      `${label}: count / bare = ${(counted / bare).toFixed(2)}, first page / bare = ${(page / bare).toFixed(2)}`,
    );
  };
  await measure("no attributes index");
  const t1 = process.hrtime.bigint();
  await pool().query(
    "CREATE INDEX CONCURRENTLY profiles_attributes_gin_idx ON profiles USING gin (attributes jsonb_path_ops)",
  );
  await pool().query("ANALYZE profiles");
  console.log(`GIN index built CONCURRENTLY in ${(ms(t1) / 1000).toFixed(1)} s`);
  await measure("GIN index");
} finally {
  await closeDb();
  await database.drop();
}
