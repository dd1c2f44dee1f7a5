import { afterAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { startTicker, type TickerLoop } from "@/lib/jobs/tickers";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import type { FlowDefinitionInput } from "./definition";
import { continueWakes } from "./engine/continue-wakes";
import { stopActiveRun } from "./engine/stop-run";
import { wakeDueRuns } from "./engine/wake-due-runs";
import { createFlow, publishFlow } from "./flow-store";

// The wake scanner (engine/wake-due-runs.ts): a wait's timer is the run's wake_at, taken when
// due by any worker's scanner, in one transaction per business and batch.

const phone = () => `9197${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const system = () => ({ db: db(), actor: { type: "system" as const, id: "test" } });
const loops: TickerLoop[] = [];
afterAll(async () => {
  for (const l of loops) await l.stop();
});

const remindFlow: FlowDefinitionInput = {
  triggers: [{ type: "keyword", words: ["remind"] }],
  start: "w",
  steps: [
    { id: "w", type: "wait", minutes: 60, next: "b" },
    { id: "b", type: "end", text: "Reminder!" },
  ],
};

async function withFlow(...definitions: FlowDefinitionInput[]): Promise<TestBusiness> {
  const t = await createTestBusiness();
  const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
  for (const definition of definitions.length > 0 ? definitions : [remindFlow]) {
    const flow = await createFlow(admin, t.business.id, { name: `flow ${uniq()}`, definition });
    await publishFlow(admin, t.business.id, flow.id);
  }
  return t;
}

/** `n` customers of `t` who wrote "remind": each has a run waiting on its wait step. */
async function waiting(t: TestBusiness, n: number, word = "remind") {
  const out: Array<{ customer: string; conversationId: string }> = [];
  for (let i = 0; i < n; i++) {
    const customer = phone();
    await customerWrites(t, customer, word);
    out.push({ customer, conversationId: (await conversationOf(t.business.id, customer)).id });
  }
  return out;
}

const runOf = async (conversationId: string) =>
  (
    await rawQuery<{
      id: string;
      business_id: string;
      state: string;
      wake_at: Date | null;
      ended_at: Date | null;
    }>(db(), `SELECT * FROM flow_runs WHERE conversation_id = $1 ORDER BY id DESC LIMIT 1`, [conversationId])
  )[0]!;
const texts = async (businessId: string, customer: string) =>
  (
    await rawQuery<{ text: string }>(
      db(),
      `SELECT content->>'text' AS text FROM messages WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
      [businessId, customer],
    )
  ).map((r) => r.text);
const wokeSteps = async (runId: string) =>
  (
    await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM flow_run_steps WHERE run_id = $1 AND type = 'woke'`,
      [runId],
    )
  )[0]!.n;
/** The timers of these conversations' runs fall due `inSeconds` from now (the clock moving on). */
const dueIn = (conversationIds: string[], inSeconds = 0) =>
  rawQuery(
    db(),
    `UPDATE flow_runs SET wake_at = now() + make_interval(secs => $2)
     WHERE conversation_id = ANY($1::uuid[]) AND state = 'waiting'`,
    [conversationIds, inSeconds],
  );
const messageIds = async (businessId: string) =>
  (await rawQuery<{ id: string }>(db(), `SELECT id FROM messages WHERE business_id = $1`, [businessId])).map(
    (r) => r.id,
  );
/** The dispatch jobs enqueued for the business's messages: how many, and the messages they carry. */
const dispatchedIds = async (businessId: string) => {
  const jobs = await rawQuery<{ ids: string[] }>(
    db(),
    `SELECT data->'ids' AS ids FROM pgboss.job WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
    [businessId],
  );
  return { jobs: jobs.length, ids: jobs.flatMap((j) => j.ids) };
};
const until = async (what: string, check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("flow wakes", () => {
  it("a worker's scanner wakes a wait at its time: the run goes on within the scan period, not before", async () => {
    const t = await withFlow();
    const [a] = await waiting(t, 1);
    const run = await runOf(a!.conversationId);
    // The timer is the run's row: due in the wait's 60 minutes.
    expect(run.wake_at!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await wakeDueRuns()).toBe(0);
    await dueIn([a!.conversationId], 1);
    loops.push(startTicker({ name: "test.wakes", everyMs: 100, run: () => wakeDueRuns() }));
    const due = (await runOf(a!.conversationId)).wake_at!;
    await until("the run woke", async () => (await runOf(a!.conversationId)).state === "completed");
    const after = await runOf(a!.conversationId);
    const late = after.ended_at!.getTime() - due.getTime();
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(2_000);
    expect(after.wake_at).toBeNull();
    expect(await texts(t.business.id, a!.customer)).toEqual(["Reminder!"]);
    await loops.pop()!.stop();
  });

  it("two scanners at once never continue one run twice", async () => {
    const [t1, t2] = [await withFlow(), await withFlow()];
    const runs = [...(await waiting(t1, 30)), ...(await waiting(t2, 30))];
    await dueIn(runs.map((r) => r.conversationId));
    // Four rounds at once in small batches, as four workers' scanners would overlap: each cuts a
    // business's due runs into six batches and continues four at a time, side by side.
    const woken = await Promise.all([1, 2, 3, 4].map(() => wakeDueRuns({ batchSize: 5 })));
    // A round that found every due run held by another may stop early: one more sweeps up.
    const total = woken.reduce((a, b) => a + b, 0) + (await wakeDueRuns());
    expect(total).toBe(60);
    for (const [i, r] of runs.entries()) {
      const run = await runOf(r.conversationId);
      expect(run.state).toBe("completed");
      expect(await wokeSteps(run.id)).toBe(1);
      expect(await texts(i < 30 ? t1.business.id : t2.business.id, r.customer)).toEqual(["Reminder!"]);
    }
    // Each reminder is dispatched by exactly one job, and a job carries a batch's (not one each).
    for (const t of [t1, t2]) {
      const sent = await dispatchedIds(t.business.id);
      expect(sent.jobs).toBeLessThan(30);
      expect(sent.ids.sort()).toEqual((await messageIds(t.business.id)).sort());
    }
  });

  it("a batch claimed by a process that dies is taken again: nothing is lost, nothing is doubled", async () => {
    const t = await withFlow();
    const runs = await waiting(t, 6);
    await dueIn(runs.map((r) => r.conversationId));
    // Another worker's scanner has claimed a batch of three (its transaction holds the routing
    // lock shared and the runs) and then its process dies mid-batch.
    const other = await pool().connect();
    other.on("error", () => {}); // its connection is killed below
    let otherPid = 0;
    try {
      otherPid = (await other.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
      await other.query("BEGIN");
      await other.query(
        `SELECT pg_advisory_xact_lock_shared(hashtext('conversation-routing'), hashtext($1))`,
        [t.business.id],
      );
      await other.query(`SELECT 1 FROM flow_runs WHERE conversation_id = ANY($1::uuid[]) FOR UPDATE`, [
        runs.slice(0, 3).map((r) => r.conversationId),
      ]);
      // It has written some of its batch's rows (the first run's messages) when it dies.
      await other.query(
        `UPDATE flow_runs SET state = 'completed', wake_at = NULL WHERE conversation_id = $1`,
        [runs[0]!.conversationId],
      );
      // While it holds them, this scanner leaves its runs to it and takes the others.
      expect(await wakeDueRuns({ batchSize: 2 })).toBe(3);
      await rawQuery(db(), `SELECT pg_terminate_backend($1)`, [otherPid]);
    } finally {
      other.release(true);
    }
    // Its transaction rolled back with it: the runs are still due, and the next round takes them.
    await until(
      "the dead claim is gone",
      async () =>
        (await rawQuery(db(), `SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [otherPid])).length === 0,
    );
    expect(await wakeDueRuns()).toBe(3);
    for (const r of runs) {
      const run = await runOf(r.conversationId);
      expect(run.state).toBe("completed");
      expect(await wokeSteps(run.id)).toBe(1);
      expect(await texts(t.business.id, r.customer)).toEqual(["Reminder!"]);
    }
  });

  it("a batch's reminders are accepted for dispatch by one job, in the batch's transaction", async () => {
    const t = await withFlow();
    const runs = await waiting(t, 8);
    await dueIn(runs.map((r) => r.conversationId));
    expect(await wakeDueRuns({ batchSize: 8 })).toBe(8);
    const sent = await rawQuery<{ id: string; xmin: string; status: string }>(
      db(),
      `SELECT id, xmin::text AS xmin, status FROM messages WHERE business_id = $1 ORDER BY id`,
      [t.business.id],
    );
    expect(sent).toHaveLength(8);
    const [run] = await rawQuery<{ xmin: string }>(
      db(),
      `SELECT xmin::text AS xmin FROM flow_runs WHERE conversation_id = $1`,
      [runs[0]!.conversationId],
    );
    // Written with the runs' new state, in one transaction, with one job for all eight.
    expect(new Set(sent.map((m) => m.xmin))).toEqual(new Set([run!.xmin]));
    expect(await dispatchedIds(t.business.id)).toEqual({ jobs: 1, ids: sent.map((m) => m.id) });
  });

  it("a wake that hands over is routed holding the routing lock alone, once", async () => {
    const t = await withFlow(
      {
        triggers: [{ type: "keyword", words: ["callme"] }],
        start: "w",
        steps: [
          { id: "w", type: "wait", minutes: 30, next: "s" },
          { id: "s", type: "send_text", text: "Still there?", next: "h" },
          { id: "h", type: "handover", text: "An agent will call you", teamId: null, userId: null },
        ],
      },
      remindFlow,
    );
    const runs = await waiting(t, 3, "callme");
    const [plain] = await waiting(t, 1, "remind");
    await dueIn([...runs, plain!].map((r) => r.conversationId));
    // Side by side (routing lock shared) the batch would route: it is done again alone, once.
    expect(await wakeDueRuns({ batchSize: 2 })).toBe(4);
    for (const r of runs) {
      const run = await runOf(r.conversationId);
      expect(run.state).toBe("handed_over");
      expect(await wokeSteps(run.id)).toBe(1);
      expect(await texts(t.business.id, r.customer)).toEqual(["Still there?", "An agent will call you"]);
    }
    expect(await texts(t.business.id, plain!.customer)).toEqual(["Reminder!"]);
    expect((await dispatchedIds(t.business.id)).ids.sort()).toEqual((await messageIds(t.business.id)).sort());
  });

  it("a run whose conversation a person holds does not wake: its timer is spent, it sends nothing", async () => {
    const t = await withFlow();
    const [a] = await waiting(t, 1);
    // Held without the run being stopped (the inbox's own paths stop it; this is the re-check).
    await rawQuery(db(), `UPDATE conversations SET assignee_id = $2 WHERE id = $1`, [
      a!.conversationId,
      t.admin.id,
    ]);
    await dueIn([a!.conversationId]);
    expect(await wakeDueRuns()).toBe(0);
    const run = await runOf(a!.conversationId);
    expect(run).toMatchObject({ state: "waiting", wake_at: null });
    expect(await wokeSteps(run.id)).toBe(0);
    expect(await texts(t.business.id, a!.customer)).toEqual([]);
  });

  it("a run stopped, or answered, before its time does not wake", async () => {
    const t = await withFlow({
      triggers: [{ type: "keyword", words: ["ask"] }],
      start: "q",
      steps: [
        {
          id: "q",
          type: "ask",
          question: "Your order?",
          expect: "number",
          saveAs: "order",
          timeoutMinutes: 30,
          onTimeout: "late",
          next: "done",
        },
        { id: "done", type: "end", text: "Thanks" },
        { id: "late", type: "end", text: "Too slow" },
      ],
    });
    const [stopped, answered] = await waiting(t, 2, "ask");
    await stopActiveRun(system(), t.business.id, stopped!.conversationId, "test");
    await customerWrites(t, answered!.customer, "4711");
    expect((await runOf(stopped!.conversationId)).wake_at).toBeNull();
    expect((await runOf(answered!.conversationId)).wake_at).toBeNull();
    // Even a timer forced due on the ended runs is not taken: the scanner reads waiting runs only.
    await rawQuery(db(), `UPDATE flow_runs SET wake_at = now() WHERE conversation_id = ANY($1::uuid[])`, [
      [stopped!.conversationId, answered!.conversationId],
    ]);
    expect(await wakeDueRuns()).toBe(0);
    expect(await texts(t.business.id, stopped!.customer)).toEqual(["Your order?"]);
    expect(await texts(t.business.id, answered!.customer)).toEqual(["Your order?", "Thanks"]);
  });

  it("keeps businesses apart: a batch continues only its own business's runs", async () => {
    const [a, b] = [await withFlow(), await withFlow()];
    const [ra] = await waiting(a, 1);
    const [rb] = await waiting(b, 1);
    await dueIn([ra!.conversationId, rb!.conversationId]);
    const runB = await runOf(rb!.conversationId);
    // b's run handed to a's batch: the re-check under a's locks finds nothing of a's.
    const r = await continueWakes(system(), a.business.id, [runB.id], "shared");
    expect(r).toEqual({ claimed: 0, woken: 0 });
    expect((await runOf(rb!.conversationId)).state).toBe("waiting");
    expect(await wakeDueRuns()).toBe(2);
    expect(await texts(a.business.id, ra!.customer)).toEqual(["Reminder!"]);
    expect(await texts(b.business.id, rb!.customer)).toEqual(["Reminder!"]);
    expect(await texts(a.business.id, rb!.customer)).toEqual([]);
  });
});
