import { inTransaction, type Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { publishChanges, type ConversationChange } from "../../conversations/publish-change";
import { lockRouting } from "../../conversations/routing-lock";
import { rawQuery } from "../../db/sql";
import type { FlowDefinition } from "../definition";
import { routeSettled } from "./route-settled";
import { runSteps, type RunOutcome, type RunRow } from "./run-steps";
import { noRunWrites, writeRuns } from "./run-writes";
import { resolveCompleted, settleRun } from "./settle-run";

/** A run the scanner found due: enough to lock its conversation before its row. */
export type DueRun = { business_id: string; id: string; conversation_id: string };

/** What one business's batch did: `taken` false when another scanner holds the business. */
export type WakeBatchResult = { taken: boolean; woken: number };

/**
 * Continues one business's due runs in ONE transaction, as continueRun does for one (a
 * customer's message would): the scanners' lock on the business (another scanner on it: this
 * one leaves the batch to it), the routing lock once, the conversations (in id order) and then
 * the runs `FOR UPDATE`, each run re-checked under the locks: still waiting, its timer due (a
 * stop, an answer or a new wait since the scan moved or cleared it), its conversation not held
 * by a person. The claim is the transaction itself: a process that dies mid-batch rolls it
 * back, and the next scan takes the same runs again. A run whose conversation a person holds
 * keeps waiting with its timer spent (as the wake job used to do nothing).
 */
export async function continueWakes(tx0: Ctx, businessId: string, due: DueRun[]): Promise<WakeBatchResult> {
  return inTransaction(tx0, async (tx) => {
    const [lock] = await rawQuery<{ got: boolean }>(
      tx.db,
      `SELECT pg_try_advisory_xact_lock(hashtext('flow-wakes'), hashtext($1)) AS got`,
      [businessId],
    );
    if (!lock?.got) return { taken: false, woken: 0 };
    await lockRouting(tx, businessId);
    const conversations = await rawQuery<ConversationRow>(
      tx.db,
      `SELECT * FROM conversations WHERE business_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
      [businessId, [...new Set(due.map((d) => d.conversation_id))]],
    );
    // Locked by id (the primary key: a filter on wake_at here would let the planner walk the
    // timer index over every due run of every business), then re-checked on the database's clock.
    const locked = await rawQuery<RunRow & { definition: FlowDefinition | null; due: boolean }>(
      tx.db,
      `SELECT *, (state = 'waiting' AND wake_at <= now()) AS due FROM flow_runs
       WHERE business_id = $1 AND id = ANY($2::uuid[])
       ORDER BY id FOR UPDATE`,
      [businessId, due.map((d) => d.id)],
    );
    const runs = locked.filter((r) => r.due);
    const definitionOf = await definitionsOf(tx, businessId, runs);
    const conversationOf = new Map(conversations.map((c) => [c.id, c]));
    const spent: string[] = [];
    const changes: ConversationChange[] = [];
    // Each run's steps (its messages sent through the send pipeline as they go), the runs'
    // writes kept for one set-based write, then the conversations settled: those of completed
    // runs resolved together, the rest (a handover, a failure, a step's own state) one by one.
    const writes = noRunWrites();
    const settled: Array<{ conv: ConversationRow; outcome: RunOutcome }> = [];
    for (const run of runs) {
      const conv = conversationOf.get(run.conversation_id);
      if (!conv || conv.assignee_id) {
        spent.push(run.id);
        continue;
      }
      settled.push({
        conv,
        outcome: await runSteps(tx, conv, run, definitionOf(run), { kind: "wake" }, writes),
      });
    }
    await writeRuns(tx, businessId, writes);
    const completed = settled.filter((s) => s.outcome.state === "completed" && !s.outcome.conversationState);
    for (const row of await resolveCompleted(
      tx,
      businessId,
      completed.map((s) => s.conv.id),
    ))
      await routeSettled(tx, { row, route: null }, changes);
    for (const s of settled)
      if (!completed.includes(s)) await routeSettled(tx, await settleRun(tx, s.conv, s.outcome), changes);
    if (spent.length > 0)
      await rawQuery(
        tx.db,
        `UPDATE flow_runs SET wake_at = NULL WHERE business_id = $1 AND id = ANY($2::uuid[])`,
        [businessId, spent],
      );
    await publishChanges(tx, changes);
    return { taken: true, woken: runs.length - spent.length };
  });
}

/**
 * The definitions the runs follow, read in one statement: each published version once; a test
 * run of the draft ("Try it", version 0) carries its own.
 */
async function definitionsOf(
  tx: Ctx,
  businessId: string,
  runs: Array<RunRow & { definition: FlowDefinition | null }>,
): Promise<(run: RunRow & { definition: FlowDefinition | null }) => FlowDefinition> {
  const published = runs.filter((r) => !(r.version === 0 && r.definition));
  const key = (flowId: string, version: number) => `${flowId}:${version}`;
  const wanted = [...new Map(published.map((r) => [key(r.flow_id, r.version), r])).values()];
  const rows =
    wanted.length === 0
      ? []
      : await rawQuery<{ flow_id: string; version: number; definition: FlowDefinition }>(
          tx.db,
          `SELECT v.flow_id, v.version, v.definition FROM flow_versions v
           JOIN unnest($2::uuid[], $3::int[]) AS w(flow_id, version) ON w.flow_id = v.flow_id AND w.version = v.version
           WHERE v.business_id = $1`,
          [businessId, wanted.map((r) => r.flow_id), wanted.map((r) => r.version)],
        );
  const byKey = new Map(rows.map((r) => [key(r.flow_id, r.version), r.definition]));
  return (run) =>
    run.version === 0 && run.definition ? run.definition : byKey.get(key(run.flow_id, run.version))!;
}
