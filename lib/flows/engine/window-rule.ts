import type { FlowDefinition, FlowStep } from "../definition";
import { nextsOf } from "../definition";

/**
 * The 24-hour window as the engine applies it (docs/flows.md, "The 24-hour window"): on chatapp
 * a step that sends free-form content runs only inside the customer's window; `send_template`
 * is the one sending step allowed outside it. run-steps.ts fails a run at such a step with
 * `windowClosedReason`; a run started through the API is refused beforehand when its first
 * message would be one (start-window.ts). A wait-only ask sends nothing; its re-ask follows the
 * customer's answer, which opened the window, so it is allowed.
 */
export function sendsFreeForm(step: FlowStep): boolean {
  switch (step.type) {
    case "send_text":
      return true;
    case "ask":
      return !step.waitOnly;
    case "handover":
    case "end":
      return Boolean(step.text);
    default:
      return false;
  }
}

export const windowClosedReason = (stepId: string) =>
  `step ${stepId}: the customer's 24-hour window is closed; outside it a flow may only send an approved template`;

/**
 * The ways a step that sends nothing goes on before the customer writes: a wait-only ask's
 * answer (its `next`, a choice's, `onInvalid`) comes from the customer, which opens the window,
 * so only its `onTimeout` does; every other step's ways all do.
 */
function waysWithoutReply(step: FlowStep): Array<string | null | undefined> {
  if (step.type === "ask" && step.waitOnly) return [step.onTimeout];
  return nextsOf(step).map(([, next]) => next);
}

/**
 * The steps that may send a run's first message: from the start through the steps that send
 * nothing (every way of a branch and of an HTTP request, a wait, a variable or conversation
 * state set, a handover or end without text, a wait-only ask's timeout) up to the first that
 * sends, on every path.
 */
export function firstSendingSteps(def: FlowDefinition): FlowStep[] {
  const steps = new Map(def.steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const found: FlowStep[] = [];
  const queue = [def.start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const step = steps.get(id);
    if (seen.has(id) || !step) continue;
    seen.add(id);
    if (sendsFreeForm(step) || step.type === "send_template") found.push(step);
    else for (const next of waysWithoutReply(step)) if (next) queue.push(next);
  }
  return found;
}
