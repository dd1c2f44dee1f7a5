import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery, transaction } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchWithFile } from "@/test/promotion-uploads";
import {
  finalStatus,
  numbers,
  promotionRow,
  recipientStates,
  runUntil,
  phonesCsv,
  testArmsDone,
  backdateStart,
} from "@/test/promotions";
import { runDuePromotions } from "@/lib/promotions/engine/run-due-promotions";
import { REST_ARM } from "./arm-deal";
import { releaseWinner, sendDueWinners } from "./send-winner";

type Tpl = { id: string; name: string };

async function launchTest(
  t: TestBusiness,
  phones: string[],
  a: Tpl,
  b: Tpl,
  abTest: { holdoutPercent?: number; winner: unknown },
): Promise<string> {
  const res = await launchWithFile(t, `w-${phones.length}-${Math.random()}`, phonesCsv(phones), {
    ...chatappLaunch(a.name, phoneOf(t)),
    abTest: {
      variants: [
        { name: "A", template: chatappLaunch(a.name, "").template },
        { name: "B", template: chatappLaunch(b.name, "").template },
      ],
      seed: 7,
      ...abTest,
    },
  });
  expect(res.status).toBe(200);
  return res.json.promotionId as string;
}

const heldCount = async (id: string) => (await recipientStates(id)).held ?? 0;

/** The rest's recipients: sends per recipient and the template they got. */
const restSends = (id: string) =>
  rawQuery<{ sends: number; template_id: string | null; state: string }>(
    db(),
    `SELECT (SELECT count(*)::int FROM promotion_sends s WHERE s.promotion_id = r.promotion_id AND s.seq = r.seq) AS sends,
            m.template_id, r.state
     FROM promotion_recipients r LEFT JOIN messages m ON m.id = r.message_id
     WHERE r.promotion_id = $1 AND r.arm = $2`,
    [id, REST_ARM],
  );

describe("A/B winner: validation of abTest.winner", () => {
  let t: TestBusiness;
  let a: Tpl;
  let b: Tpl;
  beforeAll(async () => {
    t = await createTestBusiness();
    a = await approvedTemplate(t.business.id);
    b = await approvedTemplate(t.business.id);
  });
  const refused = async (winner: unknown, path: string) => {
    const res = await launchWithFile(t, "v", phonesCsv(numbers(3)), {
      ...chatappLaunch(a.name, phoneOf(t)),
      abTest: {
        variants: [
          { name: "A", template: chatappLaunch(a.name, "").template },
          { name: "B", template: chatappLaunch(b.name, "").template },
        ],
        winner,
      },
    });
    expect(res.status).toBe(400);
    const details = (res.json as { error: { details: Array<{ path: string }> } }).error.details;
    expect(details.map((d) => d.path)).toContain(path);
  };
  it("refuses shares, periods and metrics out of range with the documented error", async () => {
    await refused({ testShare: 4, testHours: 2, metric: "read" }, "abTest.winner.testShare");
    await refused({ testShare: 51, testHours: 2, metric: "read" }, "abTest.winner.testShare");
    await refused({ testShare: 20, testHours: 0, metric: "read" }, "abTest.winner.testHours");
    await refused({ testShare: 20, testHours: 169, metric: "read" }, "abTest.winner.testHours");
    await refused({ testShare: 20, testHours: 1.5, metric: "read" }, "abTest.winner.testHours");
    await refused({ testShare: 20, testHours: 2, metric: "replied" }, "abTest.winner.metric");
    await refused({ testShare: 20, testHours: 2 }, "abTest.winner.metric");
  });
});

describe("A/B winner: the best read rate is sent to the rest, once, through the engine", () => {
  let t: TestBusiness;
  let a: Tpl;
  let b: Tpl;
  let id: string;
  /** Recipients held for the winner (the deal's share, within a slot of it). */
  let held = 0;
  // Half the numbers are read, half only delivered (the simulator's 0002): the arms' read rates differ.
  const phones = [...numbers(270, "0001"), ...numbers(270, "0002", 5000)];
  beforeAll(async () => {
    t = await createTestBusiness();
    a = await approvedTemplate(t.business.id);
    b = await approvedTemplate(t.business.id);
    id = await launchTest(t, phones, a, b, {
      holdoutPercent: 10,
      winner: { testShare: 50, testHours: 2, metric: "read" },
    });
  });

  it("draws the holdout as before and keeps the rest of the non-holdout audience held", async () => {
    const states = await recipientStates(id);
    expect(states.holdout).toBe(54);
    // 50% of the other 486 in the test, the rest held for the winner.
    held = states.held!;
    expect(Math.abs(held - 243)).toBeLessThanOrEqual(2);
    expect(states.pending).toBe(486 - held);
    const [arms] = await rawQuery<{ a: number; b: number; rest: number }>(
      db(),
      `SELECT count(*) FILTER (WHERE arm = 1)::int AS a, count(*) FILTER (WHERE arm = 2)::int AS b,
              count(*) FILTER (WHERE arm = $2 AND state = 'held')::int AS rest
       FROM promotion_recipients WHERE promotion_id = $1`,
      [id, REST_ARM],
    );
    expect(Math.abs(arms!.a - arms!.b)).toBeLessThanOrEqual(2);
    expect(arms!.rest).toBe(held);
    const p = await promotionRow(id);
    expect(p.abWinnerHours).toBe(2);
    expect(p.abTest?.winner).toEqual({ testShare: 50, testHours: 2, metric: "read" });
  });

  it("sends the test arms, stays Active while the rest is held, and is not due before testHours", async () => {
    await runUntil(testArmsDone(id));
    // More ticks: the round does not end while recipients are held.
    await rawQuery(db(), `UPDATE promotions SET next_run_at = now() WHERE id = $1`, [id]);
    for (let i = 0; i < 3; i++) await runDuePromotions();
    const p = await promotionRow(id);
    expect(p.status).toBe("Active");
    expect(await heldCount(id)).toBe(held);
    expect(p.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await sendDueWinners()).toBe(0);
    expect(await heldCount(id)).toBe(held);
    // E3 meanwhile: the held rows say so, with no template (nothing sent yet).
    const report = await api(`/api/v2/promotion/${t.business.id}/statistics/${id}/report`, {
      headers: { "x-api-key": t.apiKey },
    });
    const rows = report.text
      .trim()
      .split("\r\n")
      .filter((l) => l.split(",")[2] === "held");
    expect(rows).toHaveLength(held);
    expect(rows.every((l) => /,0,,,0$/.test(l))).toBe(true);
  });

  it("a second worker neither waits for nor repeats the first's decision", async () => {
    await backdateStart(id, 3);
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    let first: Awaited<ReturnType<typeof releaseWinner>> = null;
    const worker1 = transaction(db(), async (tx) => {
      first = await releaseWinner({ ...systemCtx("test"), db: tx }, id);
      await hold;
    });
    // Worker 1 holds the row, its decision not committed: worker 2 skips it.
    await new Promise((r) => setTimeout(r, 300));
    expect(await sendDueWinners()).toBe(0);
    release();
    await worker1;
    expect(first).not.toBeNull();
    // Committed: it is no longer due for anyone.
    expect(await sendDueWinners()).toBe(0);
    expect(await heldCount(id)).toBe(0);
  });

  it("picks the variant with the best read rate and records it", async () => {
    const rates = await rawQuery<{ arm: number; n: number; read: number }>(
      db(),
      `SELECT arm, count(*)::int AS n, count(*) FILTER (WHERE state = 'read')::int AS read
       FROM promotion_recipients WHERE promotion_id = $1 AND arm > 0 GROUP BY arm ORDER BY arm`,
      [id],
    );
    const rate = (r: { n: number; read: number }) => r.read / r.n;
    expect(rate(rates[0]!)).not.toBe(rate(rates[1]!));
    const best = rate(rates[1]!) > rate(rates[0]!) ? "B" : "A";
    const d = (await promotionRow(id)).abTest!.winner!.decision!;
    expect(d).toMatchObject({ name: best, arm: best === "A" ? 1 : 2, enoughData: true, released: held });
    const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;
    const [w, l] = best === "A" ? [rates[0]!, rates[1]!] : [rates[1]!, rates[0]!];
    expect(d.reason).toBe(`read rate ${pct(rate(w))} vs ${pct(rate(l))}`);
    expect(d.rates.map((r) => [r.name, r.recipients, r.count])).toEqual([
      ["A", rates[0]!.n, rates[0]!.read],
      ["B", rates[1]!.n, rates[1]!.read],
    ]);
    expect(Date.now() - new Date(d.decidedAt).getTime()).toBeLessThan(60_000);
  });

  it("the rest is sent the winner once through the engine; E3, E4 and the counters agree", async () => {
    await runUntil(finalStatus(id));
    const p = await promotionRow(id);
    expect(p.status).toBe("Completed");
    const winner = p.abTest!.winner!.decision!.arm === 1 ? a : b;
    const rest = await restSends(id);
    expect(rest).toHaveLength(held);
    expect(rest.every((r) => r.sends === 1 && r.template_id === winner.id)).toBe(true);
    expect(rest.every((r) => r.state === "read" || r.state === "delivered")).toBe(true);

    const states = await recipientStates(id);
    expect(states.held).toBeUndefined();
    const stats = await api(`/api/v2/promotion/${t.business.id}/${id}/stats`, {
      headers: { "x-api-key": t.apiKey },
    });
    expect(stats.status).toBe(200);
    const s = stats.json as Record<string, number>;
    expect(s.attempted! + s.optout! + s.holdout!).toBe(540);
    expect(s.sent! + s.delivered! + s.read! + s.failed!).toBe(s.attempted);
    expect(s.read).toBe(states.read);
    expect(s.delivered).toBe(states.delivered);
    expect(s.holdout).toBe(54);

    const report = await api(`/api/v2/promotion/${t.business.id}/statistics/${id}/report`, {
      headers: { "x-api-key": t.apiKey },
    });
    const lines = report.text.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(540);
    const status = (l: string) => l.split(",")[2];
    expect(lines.filter((l) => status(l) === "read")).toHaveLength(states.read!);
    expect(lines.filter((l) => status(l) === "holdout")).toHaveLength(54);
    const [armB] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND arm = 2`,
      [id],
    );
    // The winner's template on its own arm's rows and on the rest's.
    const winnerRows = lines.filter((l) => l.includes(`,${winner.name},en_US,`)).length;
    const armRows = winner === b ? armB!.n : 486 - held - armB!.n;
    expect(winnerRows).toBe(armRows + held);
  });
});

describe("A/B winner: a tie goes to the first variant", () => {
  let t: TestBusiness;
  let a: Tpl;
  let b: Tpl;
  let id: string;
  beforeAll(async () => {
    t = await createTestBusiness();
    a = await approvedTemplate(t.business.id);
    b = await approvedTemplate(t.business.id);
    // Every number is read: 100% in both arms.
    id = await launchTest(t, numbers(440), a, b, { winner: { testShare: 50, testHours: 1, metric: "read" } });
    await runUntil(testArmsDone(id));
  });
  afterAll(() =>
    rawQuery(db(), `UPDATE promotions SET status = 'Cancelled', next_run_at = NULL WHERE business_id = $1`, [
      t.business.id,
    ]),
  );

  it("sends variant A and says it was a tie", async () => {
    await backdateStart(id, 2);
    expect(await sendDueWinners()).toBe(1);
    const d = (await promotionRow(id)).abTest!.winner!.decision!;
    expect(d).toMatchObject({ name: "A", arm: 1, enoughData: true, released: 220 });
    expect(d.reason).toBe("read rate tied at 100% (A, B): the first variant");
  });
});

describe("A/B winner: not enough data, and a worker killed mid-way", () => {
  let t: TestBusiness;
  let a: Tpl;
  let b: Tpl;
  let id: string;
  beforeAll(async () => {
    t = await createTestBusiness();
    a = await approvedTemplate(t.business.id);
    b = await approvedTemplate(t.business.id);
    id = await launchTest(t, numbers(60), a, b, {
      winner: { testShare: 50, testHours: 1, metric: "clicked" },
    });
    await runUntil(testArmsDone(id));
    await backdateStart(id, 2);
  });

  it("a worker whose connection dies mid-decision leaves everything to the next scan", async () => {
    const killed = transaction(db(), async (tx) => {
      await releaseWinner({ ...systemCtx("test"), db: tx }, id);
      const [me] = await rawQuery<{ pid: number }>(tx, "SELECT pg_backend_pid() AS pid", []);
      // Killed before its commit (as a worker process would be).
      await rawQuery(db(), "SELECT pg_terminate_backend($1)", [me!.pid]);
      await rawQuery(tx, "SELECT 1", []);
    });
    await expect(killed).rejects.toThrow();
    expect(await heldCount(id)).toBe(30);
    const p = await promotionRow(id);
    expect(p.abWinnerHours).toBe(1);
    expect(p.abTest!.winner!.decision).toBeUndefined();
    expect(await sendDueWinners()).toBe(1);
    expect(await heldCount(id)).toBe(0);
  });

  it("below the report's sample rule it sends variant A and records why", async () => {
    const d = (await promotionRow(id)).abTest!.winner!.decision!;
    expect(d).toMatchObject({ name: "A", arm: 1, enoughData: false, released: 30 });
    expect(d.reason).toBe(
      "not enough data (needs 100 recipients in each variant and 5 clicks; has 15, 15 recipients and 0 clicks)",
    );
    await runUntil(finalStatus(id));
    const rest = await restSends(id);
    expect(rest).toHaveLength(30);
    expect(rest.every((r) => r.sends === 1 && r.template_id === a.id && r.state === "read")).toBe(true);
    expect(await recipientStates(id)).toEqual({ read: 60 });
  });
});
