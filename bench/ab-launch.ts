// A/B draw's cost at launch: the same 1,000,000-row list launched (E1's domain call, its
// recipients prepared inline: PROMOTION_PREPARE_INLINE_MAX_ROWS raised above the list) without
// an A/B test and with one (3 variants, a 10% holdout: every recipient drawn an arm in the
// recipients' INSERT, stratified by calling code), alternating, BENCH_RUNS (3) times each, on a
// fresh database. The numbers are 70% Indian, 20% US, 10% UK (four strata with the opt-outs'
// partition). Prints each run, the medians and their ratio (with / without).
// Run: npx tsx bench/ab-launch.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_ROWS (default 1000000), BENCH_RUNS (default 3).
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import { once } from "node:events";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freshDatabase, ms } from "./lib/fresh-database";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS = String(ROWS + 1);
const database = await freshDatabase("ab-launch.ts", "ab");
const file = path.join(tmpdir(), `sb-ab-${process.pid}.csv`);

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { uuidv7 } = await import("../lib/ids");
const { createBusiness } = await import("../lib/businesses/create-business");
const { ingestList } = await import("../lib/promotions/lists/ingest-list");
const { findList } = await import("../lib/promotions/lists/find-list");
const { launchPromotion } = await import("../lib/promotions/launch/launch-promotion");

/** 70% Indian, 20% US, 10% UK mobile numbers, all distinct, with a name and an order column. */
async function writeList(rows: number) {
  const out = createWriteStream(file);
  out.write("phone,name,order\n");
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    const n = i % 10;
    const phone =
      n < 7
        ? `9198${String(10_000_000 + i).slice(-8)}`
        : n < 9
          ? `1415${String(2_000_000 + i).slice(-7)}`
          : `4474${String(i).padStart(8, "0")}`;
    chunk += `${phone},Subscriber ${i},A-${i}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

try {
  await migrate(pool());
  const ctx = systemCtx("bench");
  const biz = await createBusiness(ctx, { name: "A/B bench", defaultCountry: "IN" });
  const phoneNumberId = biz.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
  const templates = ["ab_a", "ab_b", "ab_c"];
  for (const name of templates) {
    await pool().query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components, provider)
       VALUES ($1, $2, 'chatapp', $3, 'en_US', 'MARKETING', 'APPROVED', $4, 'simulator')`,
      [
        uuidv7(),
        biz.id,
        name,
        JSON.stringify([
          { type: "BODY", text: "Hello {{1}}, order {{2}}.", example: { body_text: [["A", "B"]] } },
        ]),
      ],
    );
  }
  await writeList(ROWS);
  const upload = await ingestList(ctx, { businessId: biz.id, name: "ab", source: createReadStream(file) });
  const list = await findList(ctx, biz.id, "ab");
  const template = (name: string) => ({
    name,
    language: "en_US",
    components: [
      {
        type: "BODY",
        variables: [
          { type: "text", value: "${name}" },
          { type: "text", value: "${order}" },
        ],
      },
    ],
  });
  const body = (ab: boolean) => ({
    name: ab ? "with A/B" : "without",
    channelType: "chatapp",
    phoneNumberId,
    // Scheduled far ahead: the launch is measured, not the sending.
    scheduleTime: new Date(Date.now() + 86_400_000).toISOString(),
    template: template("ab_a"),
    ...(ab
      ? {
          abTest: {
            variants: templates.map((t, i) => ({ name: "ABC"[i]!, template: template(t) })),
            holdoutPercent: 10,
          },
        }
      : {}),
  });
  const times: Record<"without" | "with", number[]> = { without: [], with: [] };
  console.log(`${ROWS} rows (${upload.list.rowCount} stored), load ${loadavg()[0]!.toFixed(2)}`);
  for (let run = 0; run < RUNS; run++) {
    for (const ab of [false, true]) {
      const t0 = process.hrtime.bigint();
      const launched = await launchPromotion(ctx, { businessId: biz.id, list, body: body(ab) });
      const took = ms(t0);
      if (launched.accepted !== upload.list.rowCount) throw new Error(`accepted ${launched.accepted}`);
      times[ab ? "with" : "without"].push(took);
      console.log(
        `  run ${run + 1} ${ab ? "with A/B   " : "without A/B"}: ${(took / 1000).toFixed(2)} s${ab ? ` (holdout ${launched.holdout})` : ""}`,
      );
      // Out of the next run's way: its recipients deleted and the table vacuumed, untimed.
      await pool().query(`DELETE FROM promotions WHERE id = $1`, [launched.promotionId]);
      await pool().query(`VACUUM promotion_recipients`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [without, withAb] = [median(times.without), median(times.with)];
  console.log(
    `median: without ${(without / 1000).toFixed(2)} s, with A/B ${(withAb / 1000).toFixed(2)} s, ratio ${(withAb / without).toFixed(2)}x; load ${loadavg()[0]!.toFixed(2)}`,
  );
} finally {
  rmSync(file, { force: true });
  await closeDb();
  await database.drop();
}
