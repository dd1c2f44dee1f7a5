import { inTransaction, type Ctx } from "../context";
import type { ConversationRow } from "../conversations/conversation-row";
import { recordEvents } from "../conversations/record-event";
import { lockRouting } from "../conversations/routing-lock";
import { rawQuery } from "../db/sql";
import { AppError, invalidInput } from "../errors";
import { storeIdempotentResponse } from "../idempotency/key-store";
import { uuidv7 } from "../ids";
import { requireRecipient } from "../phone/international";
import { isOptedOut } from "../promotions/opt-outs/filter-opted-out";
import { activeRunOf } from "./active-run-of";
import { routeSettled } from "./engine/route-settled";
import { runSteps } from "./engine/run-steps";
import { settleRun } from "./engine/settle-run";
import { runsInLastHour, startRun } from "./engine/start-run";
import { checkStartWindow } from "./engine/start-window";
import { stopActiveRun } from "./engine/stop-run";
import { mayEdit } from "./flow-store";
import { StartRunInput } from "./flow-schemas";
import { publishedFlowOf } from "./published-flow-of";
import { getRun, type RunWithSteps } from "./run-view";
import { senderFor } from "./sender-for";

/**
 * Starts the flow's published version for one subscriber (POST .../{flow_id}/runs): in the
 * customer's conversation with the sender (created when they have none, as their first message
 * would), from the start step exactly as a trigger does (startRun, runSteps), in one
 * transaction with the messages it sends and the Idempotency-Key's answer. Refused: a flow not
 * published or disabled, an opted-out number, a conversation an agent holds or one with an
 * active run (unless `replace`), the flow's runs per hour, and on chatapp outside the 24-hour
 * window a flow whose first message is not an approved template (docs/flows.md).
 */
export async function startFlowRun(
  ctx: Ctx,
  businessId: string,
  flowId: string,
  raw: unknown,
  opts: { idempotency?: { key: string } } = {},
): Promise<RunWithSteps> {
  mayEdit(ctx);
  const parsed = StartRunInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const phone = requireRecipient(input.subscriberId, "subscriberId");
  const flow = await publishedFlowOf(ctx, businessId, flowId);
  if (await isOptedOut(ctx, businessId, phone))
    throw new AppError(
      "conflict",
      `${phone} opted out of this business's messages (they sent an opt-out keyword such as STOP, or were added to the opt-out list): a flow is not started for them`,
      [{ path: "subscriberId", message: "Opted out" }],
    );
  const sender = await senderFor(ctx, businessId, { ...input, phone });
  return inTransaction(ctx, async (tx) => {
    // A new conversation goes in before the routing lock, as a customer's first message's does
    // (lib/conversations/open-on-inbound.ts), so the two never wait on each other crosswise.
    const [created] = await rawQuery<ConversationRow>(
      tx.db,
      `INSERT INTO conversations (id, business_id, channel, sender, customer, state, last_customer_message_at, last_message_at)
       VALUES ($1, $2, $3, $4, $5, 'open', to_timestamp(0), now())
       ON CONFLICT (business_id, channel, sender, customer) DO NOTHING RETURNING *`,
      [uuidv7(), businessId, input.channel, sender, phone],
    );
    if (created) await recordEvents(tx, [{ after: created, event: { type: "opened" } }], { publish: false });
    await lockRouting(tx, businessId);
    const [locked] = await rawQuery<ConversationRow>(
      tx.db,
      `SELECT * FROM conversations WHERE business_id = $1 AND channel = $2 AND sender = $3 AND customer = $4 FOR UPDATE`,
      [businessId, input.channel, sender, phone],
    );
    let conv = locked!; // inserted above, or there already
    if (conv.assignee_id && conv.state !== "resolved")
      throw new AppError(
        "conflict",
        "An agent holds this customer's conversation: a flow does not run there (resolve it or unassign it in the inbox first)",
        [{ path: "subscriberId", message: "An agent holds the conversation" }],
      );
    const active = await activeRunOf(tx, businessId, conv.id);
    if (active && !input.replace)
      throw new AppError(
        "conflict",
        `Run ${active.runId} of flow ${active.flowName} is active in this conversation (${active.state}${active.stepId ? ` at step ${active.stepId}` : ""}): stop it first, or send replace: true to stop it and start this one`,
        [{ path: "replace", message: `Run ${active.runId} is active` }],
      );
    if (active) await stopActiveRun(tx, businessId, conv.id, "replaced by a run started through the API");
    if (
      ((await runsInLastHour(tx, conv.business_id, [conv.id])).get(conv.id) ?? 0) >=
      flow.definition.settings.maxRunsPerHour
    )
      throw new AppError(
        "conflict",
        `This conversation started ${flow.definition.settings.maxRunsPerHour} runs in the last hour, the flow's settings.maxRunsPerHour: try again later`,
      );
    await checkStartWindow(tx, conv, flow.definition);
    if (conv.state === "resolved") conv = await reopen(tx, conv);
    const asFlow: Ctx = { ...tx, actor: { type: "system", id: "flow" } };
    const run = await startRun(asFlow, conv, flow, input.variables);
    const outcome = await runSteps(asFlow, conv, run, flow.definition, null);
    await routeSettled(asFlow, await settleRun(asFlow, conv, outcome));
    const view = await getRun(tx, businessId, flowId, run.id);
    if (opts.idempotency)
      await storeIdempotentResponse(tx, { businessId, key: opts.idempotency.key, status: 201, body: view });
    return view;
  });
}

/** A resolved conversation opened again for the run (nobody holds it: the run does), as a customer's message reopens one. */
async function reopen(tx: Ctx, conv: ConversationRow): Promise<ConversationRow> {
  const [after] = await rawQuery<ConversationRow>(
    tx.db,
    `UPDATE conversations SET state = 'open', assignee_id = NULL, resolved_at = NULL, updated_at = now()
     WHERE business_id = $1 AND id = $2 RETURNING *`,
    [conv.business_id, conv.id],
  );
  await recordEvents(tx, [{ after: after!, event: { type: "reopened" } }], { publish: false });
  return after!;
}
