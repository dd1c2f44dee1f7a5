import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { rawQuery } from "../../db/sql";
import type { StoredInbound } from "../../inbound/inbound-listeners";
import { isOptOutText } from "../../promotions/opt-outs/opt-out-keywords";
import type { FlowDefinition } from "../definition";
import { campaignFlowOf } from "../flow-for-campaign";
import { matchFlow, type PublishedFlow } from "./match-trigger";
import { sendAwayNotices } from "../business-hours/away-notice";
import { isOpen } from "../business-hours/hours-store";
import { runSteps, type RunOutcome, type RunRow } from "./run-steps";
import { noRunWrites, writeRuns } from "./run-writes";
import { settleRun } from "./settle-run";
import { publishedFlows, versionDefinitions } from "./published-flows";
import { insertRuns, newRun, runsInLastHour } from "./start-run";

export type FlowsResult = {
  /** Conversations a flow holds (a run waits) or closed: routing leaves them alone. */
  handled: Set<string>;
  /** Conversations a flow handed over, with the team it named (null: routing's own). */
  handover: Map<string, string | null>;
  /** Rows a flow changed (resolved), for the caller's announcement. */
  rows: Map<string, ConversationRow>;
};

const asFlow = (tx: Ctx): Ctx => ({ ...tx, actor: { type: "system", id: "flow" } });

/**
 * The customers' messages to conversations nobody holds, before routing (openOnInbound, in the
 * transaction that stores them): a message goes first to the run that waits for it, else it may
 * start the flow whose trigger it matches (match-trigger.ts). A conversation an agent holds is
 * theirs: no flow starts there. Opt-out keywords are never a flow's. A run that completes
 * resolves its conversation (the customer was answered); one that hands over or fails goes to
 * routing, to the team the handover names.
 */
export async function flowsOnInbound(
  tx: Ctx,
  input: {
    businessId: string;
    items: Array<{ conversation: ConversationRow; messages: StoredInbound[]; isNew: boolean }>;
  },
): Promise<FlowsResult> {
  const result: FlowsResult = { handled: new Set(), handover: new Map(), rows: new Map() };
  const open = input.items.filter((i) => !i.conversation.assignee_id);
  if (open.length === 0) return result;
  // A conversation this batch created has no run (nor runs in the last hour): only the others
  // are read, none at all when every one is new (a campaign's or a keyword's first answers).
  const known = open.filter((i) => !i.isNew).map((i) => i.conversation.id);
  const active = new Map(
    (known.length === 0
      ? []
      : await rawQuery<RunRow>(
          tx.db,
          `SELECT * FROM flow_runs WHERE business_id = $1 AND conversation_id = ANY($2::uuid[])
             AND state IN ('running', 'waiting') FOR UPDATE`,
          [input.businessId, known],
        )
    ).map((r) => [r.conversation_id, r]),
  );
  let published: PublishedFlow[] | undefined;
  let closed: boolean | undefined;
  // The waiting runs' published versions, read (or found kept: published-flows.ts) at once.
  const waitingVersions = [...active.values()].filter(
    (r) => !(r.version === 0 && (r as RunRow & { definition?: unknown }).definition),
  );
  const definitions =
    waitingVersions.length === 0
      ? new Map<string, FlowDefinition>()
      : await versionDefinitions(
          tx,
          input.businessId,
          waitingVersions.map((r) => ({ flowId: r.flow_id, version: r.version })),
        );
  const definitionOf = async (run: RunRow) => {
    // A test run of the draft ("Try it", version 0) carries its own definition.
    const own = (run as RunRow & { definition?: FlowDefinition | null }).definition;
    if (run.version === 0 && own) return own;
    const key = `${run.flow_id}:${run.version}`;
    if (!definitions.has(key))
      for (const [k, d] of await versionDefinitions(tx, input.businessId, [
        { flowId: run.flow_id, version: run.version },
      ]))
        definitions.set(k, d);
    return definitions.get(key)!;
  };

  // The runs' rows, callbacks and steps of the whole batch, written set-based once every
  // conversation's steps ran and before any is settled (a handover's assignment stops the
  // conversation's active run, which must be written by then); early only when a
  // conversation's next message of the batch needs its run as written. A run the batch started
  // is inserted as its steps left it (insertRuns), the others updated (writeRuns).
  const writes = noRunWrites();
  const started = new Map<string, RunRow>();
  const flush = async () => {
    if (writes.runs.length === 0 && writes.events.length === 0 && writes.steps.length === 0) return;
    const news = writes.runs.filter((u) => started.has(u.id));
    await insertRuns(
      tx,
      input.businessId,
      news.map((update) => ({ run: started.get(update.id)!, update })),
    );
    await writeRuns(tx, input.businessId, { ...writes, runs: writes.runs.filter((u) => !started.has(u.id)) });
    started.clear();
    writes.runs = [];
    writes.events = [];
    writes.steps = [];
  };
  // Runs started in the last hour per conversation (a flow's maxRunsPerHour), read once for
  // the batch when a first trigger matches, counted on as runs start.
  let recentRuns: Map<string, number> | undefined;
  const outcomes: Array<{ conv: ConversationRow; outcome: RunOutcome }> = [];
  const untaken: ConversationRow[] = [];
  for (const item of open) {
    const conv = item.conversation;
    let run = active.get(conv.id);
    let outcome: RunOutcome | undefined;
    for (const [i, m] of item.messages.entries()) {
      if (isOptOutText(m.text)) continue;
      if (outcome && run) {
        // A second message of this conversation in the batch: its run as the first left it.
        await flush();
        run = await reread(tx, run.id);
      } else if (outcome) await flush();
      if (run && (run.state === "waiting" || run.state === "running")) {
        outcome = await runSteps(
          asFlow(tx),
          conv,
          run,
          await definitionOf(run),
          { kind: "answer", text: m.text ?? m.buttonPayload, payload: m.buttonPayload },
          writes,
        );
      } else {
        published ??= await publishedFlows(tx, input.businessId);
        // Business hours are read only when a flow has an away trigger.
        if (
          closed === undefined &&
          published.some((f) => f.definition.triggers.some((t) => t.type === "away"))
        )
          closed = !(await isOpen(tx, input.businessId, new Date()));
        const campaignFlowId = published.some((f) => f.definition.triggers.some((t) => t.type === "campaign"))
          ? await campaignFlowOf(tx, input.businessId, m)
          : null;
        const flow = matchFlow(published, {
          text: m.text,
          buttonPayload: m.buttonPayload,
          isNew: item.isNew && i === 0,
          closed: closed ?? false,
          campaignFlowId,
          channel: conv.channel,
          sender: conv.sender,
        });
        if (!flow) continue;
        // A loop between flows ends at the flow's limit of runs per conversation per hour.
        recentRuns ??= known.length === 0 ? new Map() : await runsInLastHour(tx, input.businessId, known);
        const recent = recentRuns.get(conv.id) ?? 0;
        if (recent >= flow.definition.settings.maxRunsPerHour) continue;
        run = newRun(conv, flow);
        started.set(run.id, run);
        recentRuns.set(conv.id, recent + 1);
        definitions.set(`${flow.id}:${flow.version}`, flow.definition);
        outcome = await runSteps(asFlow(tx), conv, run, flow.definition, null, writes);
      }
      // A message after a completed run in the same batch may start another flow; after a
      // handover or a failure the rest are the agent's.
      if (outcome.state === "completed") run = undefined;
      else if (outcome.state !== "waiting") break;
    }
    if (!outcome) {
      if (item.messages.some((m) => !isOptOutText(m.text))) untaken.push(conv);
      continue;
    }
    outcomes.push({ conv, outcome });
  }
  await flush();
  for (const { conv, outcome } of outcomes) {
    const settled = await settleRun(asFlow(tx), conv, outcome);
    if (settled.row !== conv) result.rows.set(conv.id, settled.row);
    if (settled.route) result.handover.set(conv.id, settled.route.teamId);
    else result.handled.add(conv.id);
  }
  // No flow took these: the inbox's away notice when closed or nobody is on shift.
  await sendAwayNotices(asFlow(tx), input.businessId, untaken);
  return result;
}

async function reread(tx: Ctx, id: string): Promise<RunRow> {
  const [run] = await rawQuery<RunRow>(tx.db, `SELECT * FROM flow_runs WHERE id = $1`, [id]);
  return run!;
}
