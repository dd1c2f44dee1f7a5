import type { flowRuns } from "@/db/schema";
import type { RowOf } from "../../db/row-of";
import type { OutboundMessage } from "../../channels/message-provider";
import { inTransaction, type Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { sendFreeForm } from "../../conversations/reply-to-conversation";
import { windowOpen } from "../../conversations/service-window";
import { setConversationState } from "../../conversations/set-conversation-state";
import { publishReplyMedia } from "../../conversations/reply-media";
import { recordConversion } from "../../economics/conversions/record-conversion";
import { AppError } from "../../errors";
import { uuidv7 } from "../../ids";
import { isOptedOut } from "../../promotions/opt-outs/filter-opted-out";
import { getBusinessHours } from "../business-hours/hours-store";
import { openAt } from "../business-hours/open-at";
import type { FlowDefinition, FlowStep } from "../definition";
import { interpolate, readAnswer } from "./answers";
import { customerInSegment } from "../../audiences/segments/segment-matches";
import { holds, type Facts } from "./conditions";
import { readDate } from "./date-answer";
import { flowHttpQueue } from "./flow-jobs";
import type { HttpResult } from "./http-call";
import {
  attributeAnswer,
  profileValue,
  readProfile,
  writeProfileAttribute,
  writeProfileField,
} from "./profile-field";
import { noRunWrites, writeRuns, type RunWrites } from "./run-writes";
import { sendTemplateStep } from "./send-template-step";
import { windowClosedReason } from "./window-rule";

/** Steps one customer message may run before the run waits again: a loop ends here. */
export const MAX_STEPS_PER_MESSAGE = 50;

/** A flow run as raw SQL reads it (lib/db/row-of.ts: derived from the Drizzle table, its JSON narrowed). */
export type RunRow = Pick<
  RowOf<typeof flowRuns>,
  | "id"
  | "business_id"
  | "flow_id"
  | "version"
  | "conversation_id"
  | "state"
  | "step_id"
  | "invalid_answers"
  | "wake_id"
  | "wake_at"
> & {
  /** The jsonb column holds the answers by variable name (written only by the engine). */
  variables: Record<string, string>;
};

/**
 * What continues a run: the customer's message (an answer), its wake (a wait's end or an
 * ask's timeout: the caller checked the wake id), an HTTP request's result, or nothing (a
 * new run starts).
 */
export type Resume =
  | { kind: "answer"; text: string | null; payload?: string | null }
  | { kind: "wake" }
  | { kind: "http"; result: HttpResult }
  | null;

/** How a run left this step: waiting (for an answer, a timer, a request), ended, or handed to a person. */
export type RunOutcome = (
  | { state: "waiting" }
  | { state: "completed" | "failed"; reason: string }
  | { state: "handed_over"; teamId: string | null; userId: string | null; reason: string }
) & {
  /** The conversation state a set_conversation step left (the run's end does not resolve it then). */
  conversationState?: "open" | "pending" | "resolved";
};

/** A step that cannot run: the run fails with this reason. */
class StepFailed extends Error {}

/**
 * A conversion step: the customer's conversion recorded as the conversions API records one
 * (attributed by the business's model), its event id the run's and the step's, so a run that
 * passes the step again counts it once. A value that is not a number fails the run.
 */
async function recordStepConversion(
  tx: Ctx,
  conv: ConversationRow,
  run: RunRow,
  step: Extract<FlowStep, { type: "conversion" }>,
  vars: Record<string, string>,
) {
  const text = interpolate(step.value, vars).trim();
  const value = text === "" ? undefined : Number(text);
  if (value !== undefined && !(Number.isFinite(value) && value >= 0 && value <= 1e12))
    throw new StepFailed(`step ${step.id}: the value "${text.slice(0, 40)}" is not a number`);
  const { created, conversion } = await recordConversion(tx, conv.business_id, {
    eventId: `flow:${run.id}:${step.id}`,
    event: step.event,
    phone: `+${conv.customer}`,
    ...(value !== undefined && { value, currency: step.currency }),
  });
  return {
    conversionId: conversion.id,
    created,
    value: conversion.value,
    currency: conversion.currency,
    attribution: conversion.attribution,
    campaignId: conversion.campaignId,
  };
}

/**
 * Runs `run` from where it is, continued by `resume`, until it waits again or ends. Its
 * messages go out through the conversation's send pipeline in the caller's transaction; each
 * step is recorded with what it did; a timer is the run's wake_at and a request a job enqueued
 * in the same transaction; the run's row, its callback and its steps are written once at the
 * end, or, given `deferred`, added there for the caller to write with its batch's (writeRuns)
 * before it settles the conversations.
 */
export async function runSteps(
  tx: Ctx,
  conv: ConversationRow,
  run: RunRow,
  def: FlowDefinition,
  resume: Resume,
  deferred?: RunWrites,
): Promise<RunOutcome> {
  const steps = new Map(def.steps.map((s) => [s.id, s]));
  const vars = { ...run.variables };
  const log: Array<{ stepId: string; type: string; detail: object }> = [];
  let hours: Awaited<ReturnType<typeof getBusinessHours>> | undefined;
  const hoursOf = async () =>
    hours === undefined ? (hours = await getBusinessHours(tx, conv.business_id)) : hours;
  const facts: Facts = {
    channel: conv.channel,
    profile: () => readProfile(tx, conv.business_id, conv.customer),
    open: async () => {
      const h = await hoursOf();
      return h ? openAt(h, new Date()) : true;
    },
    optedOut: () => isOptedOut(tx, conv.business_id, conv.customer),
    inSegment: (segmentId) => customerInSegment(tx, conv.business_id, segmentId, conv.customer),
  };
  const windowIsOpen = () => windowOpen(conv.channel, conv.last_customer_message_at);
  const sendContent = async (step: FlowStep, content: OutboundMessage["content"], shown: string) => {
    if (!windowIsOpen()) throw new StepFailed(windowClosedReason(step.id));
    const sent = await sendFreeForm(tx, conv.business_id, conv, content, {});
    log.push({ stepId: step.id, type: step.type, detail: { sent: shown, messageId: sent.messageId } });
  };
  const say = (step: FlowStep, text: string) => {
    const body = interpolate(text, vars);
    return sendContent(
      step,
      conv.channel === "chatapp" ? { kind: "text", text: body } : { kind: "rcs_text", text: body },
      body,
    );
  };
  /** A question with its choices as reply buttons or a list (RCS: suggested replies). */
  const offer = (step: Extract<FlowStep, { type: "ask" }>, text: string) => {
    if (step.show === "text") return say(step, text);
    const body = interpolate(text, vars);
    return sendContent(
      step,
      {
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
      },
      body,
    );
  };
  /**
   * A timer (a wait's end, an ask's timeout): a new wake id, due `minutes` from now. It is the
   * run's row itself (wake_at, written below with the run): the wake scanner
   * (wake-due-runs.ts) takes it when due, so nothing is enqueued and nothing polls per run.
   */
  const scheduleWake = (minutes: number | null) => {
    wakeInMinutes = minutes ?? 0;
    return uuidv7();
  };
  /** An HTTP request: its job, due at once (flows.http, outside this transaction's work). */
  const scheduleRequest = async () => {
    const id = uuidv7();
    await flowHttpQueue.send(tx.db, { businessId: run.business_id, runId: run.id, wakeId: id });
    return id;
  };
  let invalid = run.invalid_answers;
  let at: string | null | undefined = run.step_id;
  let wakeId: string | null = null;
  /** The new timer's delay; "keep": the run goes on waiting on the timer it had; null: no timer. */
  let wakeInMinutes: number | "keep" | null = null;
  let outcome: RunOutcome | undefined;
  let conversationState: RunOutcome["conversationState"];

  try {
    if (run.state === "waiting" && resume) {
      const step = steps.get(at ?? "");
      if (resume.kind === "answer" && step?.type === "ask") {
        // A tap carries the choice's id; a typed answer is read by what the question expects.
        const tapped = step.choices.findIndex((_, j) => choiceId(step.id, j) === resume.payload);
        const value = tapped >= 0 ? step.choices[tapped]!.title : await takeAnswer(step, resume.text);
        log.push({
          stepId: step.id,
          type: "answer",
          detail: { text: resume.text, accepted: value !== undefined },
        });
        if (value !== undefined) {
          vars[step.saveAs] = value;
          invalid = 0;
          at = step.choices.find((c) => c.title === value)?.next ?? step.next;
        } else if (invalid < step.retries) {
          invalid++;
          // Free-form, and allowed: the customer's answer has just opened the window (the
          // conversation's last_customer_message_at is this message's; sendContent checks it).
          await offer(step, step.waitOnly ? step.retryText : `${step.retryText}\n${step.question}`);
          wakeId = run.wake_id; // the question's timeout still runs
          wakeInMinutes = "keep";
          outcome = { state: "waiting" };
        } else {
          invalid = 0;
          at = step.onInvalid;
          // No way on without an answer: a person takes over.
          if (!at) outcome = { state: "handed_over", teamId: null, userId: null, reason: "no valid answer" };
        }
      } else if (resume.kind === "answer") {
        // A wait or a request in flight: the message is the conversation's, the run goes on waiting.
        log.push({ stepId: at ?? "", type: "message_while_waiting", detail: { text: resume.text } });
        wakeId = run.wake_id;
        wakeInMinutes = "keep";
        outcome = { state: "waiting" };
      } else if (resume.kind === "wake" && step?.type === "wait") {
        log.push({ stepId: step.id, type: "woke", detail: {} });
        at = step.next;
      } else if (resume.kind === "wake" && step?.type === "ask") {
        const minutes = step.timeoutMinutes ?? def.settings.timeoutMinutes;
        log.push({ stepId: step.id, type: "timeout", detail: { minutes } });
        invalid = 0;
        at = step.onTimeout;
        if (!at) outcome = { state: "failed", reason: `no answer within ${minutes} minutes` };
      } else if (resume.kind === "http" && step?.type === "http_request") {
        const r = resume.result;
        log.push({
          stepId: step.id,
          type: "http_response",
          detail: { status: r.status, ms: r.ms, error: r.error, saved: r.saved },
        });
        Object.assign(vars, r.saved);
        at = r.ok ? step.next : step.onFailure;
        if (!r.ok && !at)
          outcome = {
            state: "failed",
            reason: `step ${step.id}: the request failed (${r.error ?? "no answer"})`,
          };
      } else {
        outcome = { state: "failed", reason: `step ${at ?? "none"} cannot take a ${resume.kind}` };
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
          if (step.media) await sendMedia(step);
          else await say(step, step.text);
          at = step.next;
          break;
        case "send_template": {
          const sent = await inTransaction(tx, (t) => sendTemplateStep(t, conv, step, vars));
          log.push({ stepId: step.id, type: step.type, detail: sent });
          at = step.next;
          break;
        }
        case "set_variable":
          vars[step.variable] = interpolate(step.value, vars);
          log.push({ stepId: step.id, type: step.type, detail: { [step.variable]: vars[step.variable] } });
          at = step.next;
          break;
        case "conversion":
          log.push({
            stepId: step.id,
            type: step.type,
            detail: await recordStepConversion(tx, conv, run, step, vars),
          });
          at = step.next;
          break;
        case "branch": {
          let rule: (typeof step.rules)[number] | undefined;
          for (const r of step.rules)
            if (await holds(r.when, vars, facts)) {
              rule = r;
              break;
            }
          at = rule ? rule.next : step.otherwise;
          log.push({
            stepId: step.id,
            type: step.type,
            detail: { rule: rule ? step.rules.indexOf(rule) : null },
          });
          break;
        }
        case "ask":
          // A wait-only ask sends nothing: the message before it (a template's buttons) asked.
          if (step.waitOnly) log.push({ stepId: step.id, type: step.type, detail: { waitOnly: true } });
          else await offer(step, step.question);
          wakeId = scheduleWake(step.timeoutMinutes ?? def.settings.timeoutMinutes);
          invalid = 0;
          outcome = { state: "waiting" };
          break;
        case "wait":
          wakeId = scheduleWake(step.minutes);
          log.push({ stepId: step.id, type: step.type, detail: { minutes: step.minutes, wakeId } });
          outcome = { state: "waiting" };
          break;
        case "http_request":
          wakeId = await scheduleRequest();
          log.push({ stepId: step.id, type: step.type, detail: { method: step.method, wakeId } });
          outcome = { state: "waiting" };
          break;
        case "set_conversation":
          await setConversationState(tx, conv.business_id, conv.id, { state: step.state });
          conversationState = step.state;
          log.push({ stepId: step.id, type: step.type, detail: { state: step.state } });
          at = step.next;
          break;
        case "handover":
          if (step.text) await say(step, step.text);
          else log.push({ stepId: step.id, type: step.type, detail: {} });
          outcome = {
            state: "handed_over",
            teamId: step.teamId,
            userId: step.userId,
            reason: "handover step",
          };
          break;
        case "end":
          if (step.text) await say(step, step.text);
          else log.push({ stepId: step.id, type: step.type, detail: {} });
          outcome = { state: "completed", reason: "end step" };
          break;
      }
    }
  } catch (err) {
    if (!(err instanceof StepFailed || err instanceof AppError)) throw err;
    wakeId = null;
    wakeInMinutes = null;
    outcome = {
      state: "failed",
      reason: err instanceof StepFailed ? err.message : `step ${at ?? ""}: ${err.message}`,
    };
  }

  const ended = outcome.state !== "waiting";
  // Written now, or by the caller with its batch's (deferred: continue-wakes.ts).
  const writes = deferred ?? noRunWrites();
  writes.runs.push({
    id: run.id,
    state: outcome.state,
    stepId: ended ? null : (at ?? null),
    invalidAnswers: invalid,
    variables: vars,
    endReason: "reason" in outcome ? outcome.reason : null,
    ended,
    wakeId: ended ? null : wakeId,
    wakeInMinutes: ended ? null : wakeInMinutes,
  });
  if (outcome.state !== "waiting")
    writes.events.push({
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
    });
  for (const l of log) writes.steps.push({ runId: run.id, ...l });
  if (!deferred) await writeRuns(tx, run.business_id, writes);
  return conversationState ? { ...outcome, conversationState } : outcome;

  /** The answer as the run keeps it (a date as ISO, written to the profile when asked), or undefined. */
  async function takeAnswer(step: Extract<FlowStep, { type: "ask" }>, text: string | null) {
    let value: string | undefined;
    if (step.expect === "date") {
      const tz = (await hoursOf())?.timeZone ?? "UTC";
      value = readDate(text ?? "", new Date(), tz);
    } else value = readAnswer(step, text);
    if (value === undefined) return value;
    const field = step.saveToProfile ? profileValue(step.saveToProfile, value) : null;
    if (field === undefined) return undefined;
    const attribute = step.saveToAttribute
      ? await attributeAnswer(tx, conv.business_id, step.saveToAttribute, value)
      : null;
    if (attribute === undefined) return undefined;
    if (step.saveToProfile && field !== null)
      await writeProfileField(tx, conv.business_id, conv.customer, step.saveToProfile, field);
    if (attribute) await writeProfileAttribute(tx, conv.business_id, conv.customer, attribute);
    return value;
  }

  /** Media with its caption, the inbox's media send: our uploads are published, others must be https. */
  async function sendMedia(step: Extract<FlowStep, { type: "send_text" }>) {
    const media = step.media!;
    // The send pipeline (the inbox's media path) carries images and documents.
    if (media.type === "video")
      throw new StepFailed(`step ${step.id}: video is not sent yet; use an image or a document`);
    const link = interpolate(media.url, vars);
    if (!(await publishReplyMedia(tx, conv.business_id, link)) && !link.startsWith("https://"))
      throw new StepFailed(`step ${step.id}: media must be one of our uploads or a public https URL`);
    const caption = interpolate(step.text, vars);
    await sendContent(
      step,
      {
        kind: "media",
        mediaType: media.type as "image" | "document",
        link,
        caption,
        fileName: media.filename ?? null,
      },
      `[${media.type}] ${caption}`,
    );
  }
}

/** The id a choice's button or row carries, and comes back with when tapped. */
export const choiceId = (stepId: string, index: number) => `${stepId}:${index}`;
