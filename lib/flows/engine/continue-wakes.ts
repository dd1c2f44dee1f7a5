import { inTransaction, type Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { publishChanges, type ConversationChange } from "../../conversations/publish-change";
import { lockRouting, lockRoutingShared, RoutingLockShared } from "../../conversations/routing-lock";
import { rawQuery } from "../../db/sql";
import { DeferredDispatch } from "../../messages/send/deferred-dispatch";
import type { FlowDefinition } from "../definition";
import { routeSettled } from "./route-settled";
import { runSteps, type RunOutcome, type RunRow } from "./run-steps";
import { noRunWrites, writeRuns } from "./run-writes";
import { resolveCompleted, settleRun } from "./settle-run";

/** A run the scanner found due: its business and id (the batch claims it by them). */
export type DueRun = { business_id: string; id: string };

/**
 * What one business's batch did: `claimed` the runs it locked (0: another batch holds them all),
 * `woken` those that went on (not those a person holds).
 */
export type WakeBatchResult = { claimed: number; woken: number };

/**
 * How the batch holds the business's routing lock: "shared" beside the business's other wake
 * batches (a batch that would route throws RoutingLockShared and is done again "exclusive").
 */
export type WakeRouting = "shared" | "exclusive";

/**
 * Continues due runs of one business (`ids`, from the scan) in ONE transaction, as continueRun
 * does for one (a customer's message would): the routing lock (shared with the business's other
 * wake batches, so several run side by side; alone when a run of the batch routes), then the
 * runs `FOR UPDATE SKIP LOCKED` re-checked under the lock (still waiting, its timer due: a stop,
 * an answer or a new wait since the scan moved or cleared it), then their conversations
 * `FOR UPDATE SKIP LOCKED`. A run another batch holds, or whose conversation another
 * transaction holds, is left to it or to the next scan: a batch never waits on a row, so two
 * batches never deadlock and never continue one run. The claim is the transaction itself: a
 * process that dies mid-batch rolls it back, and the next scan takes the same runs again. A run
 * whose conversation a person holds keeps waiting with its timer spent. The batch's messages
 * are dispatched by one job per chunk enqueued before commit (deferred-dispatch.ts), as the
 * inbound batch's. `claimedIds` receives the runs the batch locked (for a retry one by one).
 */
export async function continueWakes(
  tx0: Ctx,
  businessId: string,
  ids: string[],
  routing: WakeRouting = "exclusive",
  claimedIds: string[] = [],
): Promise<WakeBatchResult> {
  return inTransaction(tx0, async (t) => {
    const dispatch = new DeferredDispatch();
    const tx: Ctx = {
      ...t,
      deferredDispatch: dispatch,
      ...(routing === "shared" && { routingLock: "shared" }),
    };
    if (routing === "shared") await lockRoutingShared(tx, businessId);
    else await lockRouting(tx, businessId);
    // By id (the primary key: a filter on wake_at alone would let the planner walk the timer
    // index over every due run of every business), re-checked on the database's clock.
    // (A filter on state here lets the planner take the timer's partial index: 0.4 s a batch
    // with 100,000 due, bench/flows.ts.) FOR UPDATE reads each row's latest version.
    const locked = (
      await rawQuery<RunRow & { definition: FlowDefinition | null; due: boolean }>(
        tx.db,
        `SELECT *, (state = 'waiting' AND wake_at <= now()) AS due FROM flow_runs
         WHERE business_id = $1 AND id = ANY($2::uuid[])
         ORDER BY id FOR UPDATE SKIP LOCKED`,
        [businessId, ids],
      )
    ).filter((r) => r.due);
    claimedIds.push(...locked.map((r) => r.id));
    if (locked.length === 0) return { claimed: 0, woken: 0 };
    const conversations = await rawQuery<ConversationRow>(
      tx.db,
      `SELECT * FROM conversations WHERE business_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED`,
      [businessId, [...new Set(locked.map((r) => r.conversation_id))]],
    );
    const conversationOf = new Map(conversations.map((c) => [c.id, c]));
    // A run whose conversation another transaction holds (an agent's reply, an inbound batch):
    // not this batch's; it stays due.
    const runs = locked.filter((r) => conversationOf.has(r.conversation_id));
    const definitionOf = await definitionsOf(tx, businessId, runs);
    const spent: string[] = [];
    const changes: ConversationChange[] = [];
    // Each run's steps (its messages stored through the send pipeline as they go, their dispatch
    // deferred), the runs' writes kept for one set-based write, then the conversations settled:
    // those of completed runs resolved together, the rest (a handover, a failure, a step's own
    // state) one by one.
    const writes = noRunWrites();
    const settled: Array<{ conv: ConversationRow; outcome: RunOutcome }> = [];
    for (const run of runs) {
      const conv = conversationOf.get(run.conversation_id)!;
      if (conv.assignee_id) {
        spent.push(run.id);
        continue;
      }
      settled.push({
        conv,
        outcome: await runSteps(tx, conv, run, definitionOf(run), { kind: "wake" }, writes),
      });
    }
    // A handover or a failure is routed, under the lock held alone: the batch is done again so.
    if (
      tx.routingLock === "shared" &&
      settled.some((s) => s.outcome.state === "failed" || s.outcome.state === "handed_over")
    )
      throw new RoutingLockShared();
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
    await dispatch.flush(tx.db);
    return { claimed: locked.length, woken: runs.length - spent.length };
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
