import { enqueueCallbacks } from "../../callbacks/enqueue-callbacks";
import type { InteractiveContent } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { sendFreeForm } from "../../conversations/reply-to-conversation";
import { rawQuery } from "../../db/sql";
import { uuidv7 } from "../../ids";
import type { Condition, FlowDefinition, FlowStep } from "../definition";
import { interpolate, readAnswer } from "./answers";

/** Steps one customer message may run before the run waits again: a loop ends here. */
export const MAX_STEPS_PER_MESSAGE = 50;

export type RunRow = {
  id: string;
  business_id: string;
  flow_id: string;
  version: number;
  conversation_id: string;
  state: "running" | "waiting" | "completed" | "handed_over" | "failed" | "stopped";
  step_id: string | null;
  invalid_answers: number;
  variables: Record<string, string>;
};

/** How a run left this message: waiting for the next, ended, or handed to a person. */
export type RunOutcome =
  | { state: "waiting" }
  | { state: "completed" | "failed"; reason: string }
  | { state: "handed_over"; teamId: string | null; reason: string };

/**
 * Runs `run` from where it is, with the customer's message `answer` when it waits for one,
 * until it waits again or ends. Its messages go out through the conversation's send pipeline
 * in the caller's transaction; each step is recorded with what it did; the run's row is
 * written once at the end.
 */
export async function runSteps(
  tx: Ctx,
  conv: ConversationRow,
  run: RunRow,
  def: FlowDefinition,
  answer: { text: string | null; payload?: string | null } | null,
): Promise<RunOutcome> {
  const steps = new Map(def.steps.map((s) => [s.id, s]));
  const vars = { ...run.variables };
  const log: Array<{ stepId: string; type: string; detail: object }> = [];
  const say = async (step: FlowStep, text: string) => {
    const body = interpolate(text, vars);
    const content =
      conv.channel === "chatapp"
        ? { kind: "text" as const, text: body }
        : { kind: "rcs_text" as const, text: body };
    const sent = await sendFreeForm(tx, conv.business_id, conv, content, {});
    log.push({ stepId: step.id, type: step.type, detail: { sent: body, messageId: sent.messageId } });
  };
  /** A question with its choices as reply buttons or a list (RCS: suggested replies). */
  const offer = async (step: Extract<FlowStep, { type: "ask" }>, text: string) => {
    if (step.show === "text") return say(step, text);
    const body = interpolate(text, vars);
    const content: InteractiveContent = {
      kind: "interactive",
      style: step.show,
      text: body,
      ...(step.show === "list" && { listButton: step.listButton }),
      options: step.choices.map((c, j) => ({
        id: choiceId(step.id, j),
        title: c.title,
        ...(c.description && { description: c.description }),
        ...(c.section && { section: c.section }),
      })),
    };
    const sent = await sendFreeForm(tx, conv.business_id, conv, content, {});
    log.push({
      stepId: step.id,
      type: step.type,
      detail: { sent: body, choices: step.choices.map((c) => c.title), messageId: sent.messageId },
    });
  };
  let invalid = run.invalid_answers;
  let at: string | null | undefined = run.step_id;
  let outcome: RunOutcome | undefined;

  // A waiting run takes the message as the answer to its question first.
  if (run.state === "waiting" && answer) {
    const step = steps.get(at ?? "");
    if (step?.type === "ask") {
      const tapped = step.choices.findIndex((_, j) => choiceId(step.id, j) === answer.payload);
      const value = tapped >= 0 ? step.choices[tapped]!.title : readAnswer(step, answer.text);
      log.push({
        stepId: step.id,
        type: "answer",
        detail: { text: answer.text, accepted: value !== undefined },
      });
      if (value !== undefined) {
        vars[step.saveAs] = value;
        invalid = 0;
        at = step.choices.find((c) => c.title === value)?.next ?? step.next;
      } else if (invalid < step.retries) {
        invalid++;
        await offer(step, `${step.retryText}\n${step.question}`);
        outcome = { state: "waiting" };
      } else {
        invalid = 0;
        at = step.onInvalid;
        // No way on without an answer: a person takes over.
        if (!at) outcome = { state: "handed_over", teamId: null, reason: "no valid answer" };
      }
    }
  }

  for (let n = 0; !outcome; n++) {
    if (!at) {
      outcome = { state: "completed", reason: "end of flow" };
      break;
    }
    if (n >= MAX_STEPS_PER_MESSAGE) {
      outcome = {
        state: "failed",
        reason: `more than ${MAX_STEPS_PER_MESSAGE} steps without waiting for the customer`,
      };
      break;
    }
    const step = steps.get(at);
    if (!step) {
      outcome = { state: "failed", reason: `no step ${at}` };
      break;
    }
    switch (step.type) {
      case "send_text":
        await say(step, step.text);
        at = step.next;
        break;
      case "set_variable":
        vars[step.variable] = interpolate(step.value, vars);
        log.push({ stepId: step.id, type: step.type, detail: { [step.variable]: vars[step.variable] } });
        at = step.next;
        break;
      case "branch": {
        const rule = step.rules.find((r) => holds(r.when, vars));
        at = rule ? rule.next : step.otherwise;
        log.push({
          stepId: step.id,
          type: step.type,
          detail: { rule: rule ? step.rules.indexOf(rule) : null },
        });
        break;
      }
      case "ask":
        await offer(step, step.question);
        outcome = { state: "waiting" };
        break;
      case "handover":
        if (step.text) await say(step, step.text);
        else log.push({ stepId: step.id, type: step.type, detail: {} });
        outcome = { state: "handed_over", teamId: step.teamId, reason: "handover step" };
        break;
      case "end":
        if (step.text) await say(step, step.text);
        else log.push({ stepId: step.id, type: step.type, detail: {} });
        outcome = { state: "completed", reason: "end step" };
        break;
      default:
        outcome = { state: "failed", reason: `step ${step.id}: ${step.type} steps do not run yet` };
    }
  }

  const ended = outcome.state !== "waiting";
  await rawQuery(
    tx.db,
    `UPDATE flow_runs SET state = $3, step_id = $4, invalid_answers = $5, variables = $6, end_reason = $7,
       ended_at = CASE WHEN $8 THEN now() END, updated_at = now()
     WHERE business_id = $1 AND id = $2`,
    [
      run.business_id,
      run.id,
      outcome.state,
      ended ? null : at,
      invalid,
      JSON.stringify(vars),
      "reason" in outcome ? outcome.reason : null,
      ended,
    ],
  );
  if (outcome.state !== "waiting")
    await enqueueCallbacks(tx, run.business_id, [
      {
        event: `flow.${outcome.state}`,
        payload: {
          runId: run.id,
          flowId: run.flow_id,
          version: run.version,
          conversationId: conv.id,
          channel: conv.channel,
          subscriberId: conv.customer,
          state: outcome.state,
          endReason: outcome.reason,
          variables: vars,
          occurredAt: Math.floor(Date.now() / 1000),
        },
      },
    ]);
  if (log.length > 0)
    await rawQuery(
      tx.db,
      `INSERT INTO flow_run_steps (id, business_id, run_id, step_id, type, detail)
       SELECT v.id, $1, $2, v.step_id, v.type, v.detail
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::jsonb[]) WITH ORDINALITY AS v(id, step_id, type, detail, n)
       ORDER BY v.n`,
      [
        run.business_id,
        run.id,
        log.map(() => uuidv7()),
        log.map((l) => l.stepId),
        log.map((l) => l.type),
        log.map((l) => JSON.stringify(l.detail)),
      ],
    );
  return outcome;
}

/** The id a choice's button or row carries, and comes back with when tapped. */
export const choiceId = (stepId: string, index: number) => `${stepId}:${index}`;

function holds(c: Condition, vars: Record<string, string>): boolean {
  if (c.source !== "variable") return false; // other sources: not evaluated yet
  const v = vars[c.key];
  switch (c.op) {
    case "is_set":
      return v !== undefined && v !== "";
    case "is_not_set":
      return v === undefined || v === "";
    case "equals":
      return (v ?? "").trim().toLowerCase() === c.value.trim().toLowerCase();
    case "contains":
      return (v ?? "").toLowerCase().includes(c.value.toLowerCase());
    default:
      return false;
  }
}
