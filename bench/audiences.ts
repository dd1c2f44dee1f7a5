// Audiences (docs/audiences.md, "Performance" and "Storage and indexes"), on a fresh PostgreSQL
// database, through the domain functions the routes call; each part measures its baseline in
// the same run and prints the ratio.
//   segments  a live count and the first page of a segment of three conditions (tag VIP AND plan
//             any of [Gold] AND spend > 500) over 1,000,000 profiles of one business (countDefinition:
//             count + sample; listSegmentMatches: the first page of 100). Goals: count <= 300 ms,
//             first page <= 100 ms. Baseline: a bare count(*) of the business's profiles. Measured
//             without, then with, the GIN indexes on profiles.tag_ids and profiles.attributes (the
//             operator step of docs/audiences.md, built CONCURRENTLY here as on a live table).
//   f1        F1 (uploadProfiles) with tags and attributes against F1 without them: 1,000 profiles a
//             call, half new and half updates of profiles stored before, alternating the two
//             bodies, on a second business of the same table (indexes present). Goal: >= 80%.
//   launch    a campaign's audience frozen from a 1,000,000-subscriber segment (freezeAudience: the
//             launch's INSERT ... SELECT into its list) against E1's ingest of a 1,000,000-row CSV
//             (ingestList as E1 calls it, then the rows' key its preparation builds), alternating.
//             Goal: segment <= 1.5x E1.
// Run: npx tsx bench/audiences.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_MESSAGES (profiles, default 1000000), BENCH_RUNS (segment timings, default 20),
//      BENCH_PARTS (default segments,f1,launch), BENCH_F1_ROUNDS (calls each way, default 20),
//      BENCH_F1_SEED (profiles of the F1 business before, default 50000), BENCH_LAUNCH_RUNS
//      (default 3), BENCH_EXPLAIN=1 (prints the count's plan), BENCH_TYPED_INDEXES=1 (segments
//      measured a third time with a typed expression index on spend), BENCH_F1_BODY=spread (F1
//      given the records as built, not parsed from their JSON as the route hands them over),
//      BENCH_GIN_INDEXES (default none: the GIN indexes on profiles to build, tag_ids,attributes;
//      segments no longer read them, docs/audiences.md "Storage and indexes"), BENCH_KEEP=1 (the
//      database is left for EXPLAINs by hand; drop it after).
import { createReadStream, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { databaseCpuTracker } from "./lib/cpu";
import { writeE1Csv } from "./lib/e1-csv";
import { benchSize, freshDatabase, ms, stats } from "./lib/fresh-database";

const database = await freshDatabase("audiences.ts", "audiences");
const { total, runs } = benchSize();
const parts = new Set((process.env.BENCH_PARTS ?? "segments,f1,launch").split(","));

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { uuidv7 } = await import("../lib/ids");
const { env } = await import("../lib/env");
const { createBusiness } = await import("../lib/businesses/create-business");
const { createSegment } = await import("../lib/audiences/segments/segments");
const { countDefinition, listSegmentMatches, facetsWhere } =
  await import("../lib/audiences/segments/segment-matches");
const { checkDefinition } = await import("../lib/audiences/segments/check-definition");
const { SegmentDefinition } = await import("../lib/audiences/segments/definition");
const { uploadProfiles } = await import("../lib/profiles/upload-profiles");
const { freezeAudience } = await import("../lib/promotions/launch/launch-on-audience");
const { ingestList } = await import("../lib/promotions/lists/ingest-list");
const { keyListRows } = await import("../lib/promotions/lists/list-rows-table");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`;

const time = async (label: string, fn: () => Promise<unknown>): Promise<number> => {
  await fn(); // warm: plan cache, buffers
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    xs.push(ms(t0));
  }
  console.log(`${label.padEnd(44)} ${stats(xs)}`);
  return median(xs);
};

const csvFile = path.join(tmpdir(), `sb-audiences-${process.pid}.csv`);
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
  // Profiles: plan Gold 20% / Silver 30% / Bronze 50%, spend 0-999, 10 cities; tags VIP on 25%
  // and Trial on 10% (by a hash of the number), sorted as the writes keep them.
  for (let from = 0; from < total; from += 100_000) {
    await pool().query(
      `INSERT INTO profiles (id, business_id, phone, country_code, name, city, age, attributes, tag_ids)
       SELECT bench_profile_id(i), $1, phone, 'IN', 'Name ' || i,
              (ARRAY['Pune','Mumbai','Delhi','Chennai','Kolkata','Jaipur','Surat','Nagpur','Indore','Bhopal'])[1 + i % 10],
              18 + i % 53,
              jsonb_build_object('plan', CASE WHEN i % 10 < 2 THEN 'Gold' WHEN i % 10 < 5 THEN 'Silver' ELSE 'Bronze' END,
                                 'spend', (i::bigint * 7919) % 1000, 'vip', i % 3 = 0),
              ARRAY(SELECT t FROM unnest(ARRAY[CASE WHEN abs(hashtext(phone)) % 4 = 0 THEN $4::uuid END,
                                               CASE WHEN abs(hashtext(phone)) % 10 = 1 THEN $5::uuid END]) t
                    WHERE t IS NOT NULL ORDER BY t)
       FROM generate_series($2::int, $3::int) i, LATERAL (SELECT (919000000000 + i)::text AS phone) n`,
      [b, from, Math.min(from + 100_000, total) - 1, tags[0], tags[1]],
    );
  }
  await pool().query("VACUUM ANALYZE profiles, profile_facets");
  console.log(
    `setup: ${total.toLocaleString()} profiles in ${(ms(t0) / 1000).toFixed(1)} s; ${runs} runs each; ${load()}`,
  );

  // BENCH_GIN_WITH: storage parameters of both indexes (e.g. fastupdate=off), to compare.
  const ginWith = process.env.BENCH_GIN_WITH ? ` WITH (${process.env.BENCH_GIN_WITH})` : "";
  const buildIndexes = async () => {
    const t1 = process.hrtime.bigint();
    // BENCH_GIN_INDEXES: which of the two to build (default both), to see what each costs F1.
    const which = (process.env.BENCH_GIN_INDEXES ?? "").split(",");
    if (which.includes("tag_ids"))
      await pool().query(
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS profiles_tag_ids_gin_idx ON profiles USING gin (tag_ids)" +
          ginWith,
      );
    if (which.includes("attributes"))
      await pool().query(
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS profiles_attributes_gin_idx ON profiles USING gin (attributes jsonb_path_ops)" +
          ginWith,
      );
    await pool().query("ANALYZE profiles");
    console.log(
      `GIN indexes (${which.join(", ") || "none"}) built CONCURRENTLY in ${(ms(t1) / 1000).toFixed(1)} s`,
    );
  };

  if (parts.has("segments")) {
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
    console.log(`\nsegments: the segment matches ${count.toLocaleString()} profiles`);
    const explain = async () => {
      if (!process.env.BENCH_EXPLAIN) return;
      const resolved = await checkDefinition(ctx, b, SegmentDefinition.parse(definition));
      // The count's statement as countDefinition sends it for this definition (tags and attributes only).
      const { where, params } = facetsWhere(b, resolved);
      const plan = await pool().query(
        `EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM profile_facets f WHERE ${where}`,
        params,
      );
      console.log(plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
    };
    const measure = async (label: string) => {
      await explain();
      const bare = await time(`${label}: bare count(*) of the business`, () =>
        pool().query("SELECT count(*) FROM profiles WHERE business_id = $1", [b]),
      );
      const counted = await time(`${label}: segment count + sample`, () =>
        countDefinition(ctx, b, definition),
      );
      const page = await time(`${label}: segment first page (100)`, () =>
        listSegmentMatches(ctx, b, segment.id, { limit: "100" }),
      );
      console.log(
        `${label}: count / bare = ${(counted / bare).toFixed(2)}, first page / bare = ${(page / bare).toFixed(2)}; ${load()}`,
      );
    };
    await measure("no GIN indexes");
    await buildIndexes();
    await measure("GIN indexes");
    if (process.env.BENCH_TYPED_INDEXES === "1") {
      // A typed expression index per attribute key a range reads (the design docs/audiences.md
      // "Storage and indexes" weighs): the business and the value as the segment compiler casts
      // it, so the planner matches the count's condition to it (the key is a parameter, folded
      // to a constant in the one-shot plan node-postgres' unnamed statements get).
      const t1 = process.hrtime.bigint();
      await pool().query(
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS profiles_attribute_spend_idx ON profiles
           (business_id, (CASE WHEN jsonb_typeof(attributes -> 'spend'::text) = 'number' THEN (attributes ->> 'spend'::text)::numeric END))`,
      );
      await pool().query("ANALYZE profiles");
      console.log(`typed index on spend built CONCURRENTLY in ${(ms(t1) / 1000).toFixed(1)} s`);
      await measure("GIN + typed spend index");
    }
  } else if (process.env.BENCH_NO_INDEXES !== "1") await buildIndexes();

  if (parts.has("f1")) {
    const rounds = Number(process.env.BENCH_F1_ROUNDS ?? 20);
    const seed = Number(process.env.BENCH_F1_SEED ?? 50_000);
    const f1Biz = (await createBusiness(ctx, { name: "F1 bench", defaultCountry: "IN" })).id;
    await pool().query(
      `INSERT INTO attribute_definitions (id, business_id, key, label, type, choices) VALUES
         ($2, $1, 'plan', 'Plan', 'choice', ARRAY['Gold','Silver','Bronze']), ($3, $1, 'spend', 'Spend', 'number', NULL)`,
      [f1Biz, uuidv7(), uuidv7()],
    );
    const seeded = (i: number) => `6${String(i).padStart(9, "0")}`;
    let nextNew = 0;
    const record = (phone: string, i: number) => ({
      phone,
      countrycode: "IN",
      name: `Subscriber ${i}`,
      age: 20 + (i % 50),
      gender: i % 2 ? "female" : "male",
      city: "Pune",
      businesssubscriberid: `CRM-${i}`,
    });
    const extras = (i: number) => ({
      tags: [["VIP", "Trial", "Lapsed"][i % 3]!, i % 2 ? "Newsletter" : "App"],
      attributes: { plan: ["Gold", "Silver", "Bronze"][i % 3]!, spend: i % 1000 },
    });
    for (let from = 0; from < seed; from += 1000)
      await uploadProfiles(ctx, f1Biz, {
        profile: Array.from({ length: Math.min(1000, seed - from) }, (_, k) =>
          record(seeded(from + k), from + k),
        ),
      });
    await pool().query("VACUUM ANALYZE profiles, profile_facets");
    /** 500 updates of seeded profiles and 500 new ones; with the extras on every record or none. */
    const body = (round: number, withExtras: boolean) => {
      const rows: Record<string, unknown>[] = [];
      for (let k = 0; k < 500; k++) {
        const i = (round * 7919 + k * 97) % seed;
        rows.push({ ...record(seeded(i), i + round), ...(withExtras ? extras(i + round) : {}) });
      }
      for (let k = 0; k < 500; k++) {
        const i = nextNew++;
        rows.push({ ...record(`7${String(i).padStart(9, "0")}`, i), ...(withExtras ? extras(i) : {}) });
      }
      return { profile: rows };
    };
    const plain: number[] = [];
    const rich: number[] = [];
    // CPU too (this process and the database's backends), which the other sessions' load on
    // the machine does not change as it changes the wall time.
    const cpu = { plain: { node: 0, pg: 0 }, rich: { node: 0, pg: 0 } };
    const tracker = databaseCpuTracker(
      process.argv[2]!,
      new URL(process.env.DATABASE_URL!).pathname.slice(1),
    );
    // Every call's body is made before the first call, so no call's time holds the collection
    // of the garbage made building the next one (more for the bodies with extras). Each is as
    // the route hands it over: parsed from its JSON (objects built by spreading two literals are
    // slower to read, for zod and every reader, than the parser's: measured).
    const calls: { r: number; withExtras: boolean; input: { profile: unknown[] } }[] = [];
    for (let r = 0; r <= rounds; r++)
      for (const withExtras of r % 2 ? [true, false] : [false, true]) {
        const built = body(r, withExtras);
        const input =
          process.env.BENCH_F1_BODY === "spread"
            ? built
            : (JSON.parse(JSON.stringify(built)) as { profile: unknown[] });
        calls.push({ r, withExtras, input });
      }
    await tracker.start();
    for (const { r, withExtras, input } of calls) {
      const [pg0, node0] = [await tracker.mark(), process.cpuUsage()];
      const t1 = process.hrtime.bigint();
      const out = await uploadProfiles(ctx, f1Biz, input);
      const took = ms(t1);
      const node = process.cpuUsage(node0);
      const pgCpu = (await tracker.mark()) - pg0;
      if (out.uploaded !== 1000)
        throw new Error(`F1 stored ${out.uploaded}: ${JSON.stringify(out.errors[0])}`);
      if (r === 0) continue; // round 0 warms
      (withExtras ? rich : plain).push(took);
      const c = withExtras ? cpu.rich : cpu.plain;
      c.node += (node.user + node.system) / 1000;
      c.pg += pgCpu * 1000;
    }
    await tracker.stop();
    const [p, x] = [median(plain), median(rich)];
    const perCall = (c: { node: number; pg: number }) =>
      `CPU per call ${(c.node / rounds).toFixed(1)} ms Node + ${(c.pg / rounds).toFixed(1)} ms PostgreSQL`;
    console.log(`\nf1: ${rounds} calls each way of 1,000 profiles (500 new, 500 updates), ${seed} seeded`);
    console.log(
      `f1 without tags/attributes: ${stats(plain)}, ${Math.round(1000 / (p / 1000))} profiles/s; ${perCall(cpu.plain)}`,
    );
    console.log(
      `f1 with 2 tags + 2 attributes: ${stats(rich)}, ${Math.round(1000 / (x / 1000))} profiles/s; ${perCall(cpu.rich)}`,
    );
    const cpuRatio = (cpu.plain.node + cpu.plain.pg) / (cpu.rich.node + cpu.rich.pg);
    console.log(
      `f1 with / without rate = ${((p / x) * 100).toFixed(0)}% by wall time, ${(cpuRatio * 100).toFixed(0)}% by CPU (goal >= 80%); ${load()}`,
    );
  }

  if (parts.has("launch")) {
    const launchRuns = Number(process.env.BENCH_LAUNCH_RUNS ?? 3);
    await writeE1Csv(csvFile, total);
    const everyone = await checkDefinition(
      ctx,
      b,
      SegmentDefinition.parse({
        groups: [{ conditions: [{ kind: "attribute", key: "plan", op: "is_set" }] }],
      }),
    );
    const e1: number[] = [];
    const e1Keyed: number[] = [];
    const frozen: number[] = [];
    const drop = (id: string) => pool().query("DELETE FROM target_lists WHERE id = $1", [id]);
    for (let r = 0; r < launchRuns; r++) {
      const t1 = process.hrtime.bigint();
      const { list } = await ingestList(ctx, {
        businessId: b,
        name: `bench-${r}`,
        source: createReadStream(csvFile, { highWaterMark: 256 * 1024 }),
        analyze: false,
        keyLaterAbove: env().PROMOTION_PREPARE_INLINE_MAX_ROWS,
      });
      e1.push(ms(t1));
      await keyListRows(ctx.db, list.id);
      e1Keyed.push(ms(t1));
      if (list.rowCount !== total) throw new Error(`E1 stored ${list.rowCount}`);
      await drop(list.id);
      const t2 = process.hrtime.bigint();
      const snapshot = await freezeAudience(ctx, b, {
        source: "SEGMENT",
        name: "everyone",
        criteria: "ANY",
        definition: everyone,
      });
      frozen.push(ms(t2));
      if (snapshot.rowCount !== total) throw new Error(`segment froze ${snapshot.rowCount}`);
      await drop(snapshot.id);
      console.log(
        `launch run ${r + 1}: E1 ingest ${(e1[r]! / 1000).toFixed(2)} s (+ key ${(e1Keyed[r]! / 1000).toFixed(2)} s), segment freeze ${(frozen[r]! / 1000).toFixed(2)} s; ${load()}`,
      );
    }
    const [a, k, s] = [median(e1), median(e1Keyed), median(frozen)];
    console.log(
      `\nlaunch: ${total.toLocaleString()} subscribers, medians of ${launchRuns}: E1 CSV ingest ${(a / 1000).toFixed(2)} s, with its key ${(k / 1000).toFixed(2)} s; segment freeze ${(s / 1000).toFixed(2)} s`,
    );
    console.log(
      `launch: segment / E1 ingest = ${(s / a).toFixed(2)}x, segment / E1 ingest with key = ${(s / k).toFixed(2)}x (goal <= 1.5x)`,
    );
  }
} finally {
  rmSync(csvFile, { force: true });
  await closeDb();
  if (process.env.BENCH_KEEP === "1") await database.keep();
  else await database.drop();
}
