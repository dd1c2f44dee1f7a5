import { FlowDefinition } from "../definition";
import { graphOrder, outputsOf, type DraftDefinition, type DraftStep } from "./step-outputs";

/** A mistake the builder shows on its step (or on the flow when `stepId` is null). */
export type Problem = {
  stepId: string | null;
  /** The field's path inside the step ("choices.0.title"), or the definition's for flow-level ones. */
  path: string;
  message: string;
  /** error: the draft cannot be saved (FlowDefinition refuses it); warning: it saves, but will misbehave. */
  severity: "error" | "warning";
};

const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

/** What a step sets (its variables), for the "used before set" check. */
function setsOf(s: DraftStep): string[] {
  const out: string[] = [];
  if (s.type === "ask" && typeof s.saveAs === "string") out.push(s.saveAs);
  if (s.type === "set_variable" && typeof s.variable === "string") out.push(s.variable);
  if (s.type === "http_request") {
    if (Array.isArray(s.save))
      for (const x of s.save as Array<{ variable?: unknown }>)
        if (typeof x.variable === "string") out.push(x.variable);
    if (typeof s.statusAs === "string") out.push(s.statusAs);
  }
  return out;
}

/** Whether a step sends the customer a message and goes on (a wait-only ask answers one). */
const sendsAndGoesOn = (s: DraftStep) =>
  s.type === "send_text" || s.type === "send_template" || (s.type === "ask" && s.waitOnly !== true);

/** The placeholders a step's texts use. */
function usesOf(s: DraftStep): string[] {
  const texts: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (key === "id" || key === "type") return;
    if (typeof v === "string") texts.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, ""));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(s, "");
  return [...new Set(texts.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]!)))];
}

/**
 * Every problem of a draft, each on its step: FlowDefinition's own issues (mapped by the
 * issue's path `steps.<i>...` to step i), steps no path from the start reaches, outputs of a
 * branch that lead nowhere, templates that are not approved (`approvedTemplates` by name),
 * `{{x}}` placeholders no earlier step sets, and a wait-only ask no message before it asks.
 */
export function flowProblems(def: DraftDefinition, opts: { approvedTemplates: string[] }): Problem[] {
  const problems: Problem[] = [];
  const parsed = FlowDefinition.safeParse(def);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [head, index, ...rest] = issue.path.map(String);
      const step = head === "steps" && index !== undefined ? def.steps[Number(index)] : undefined;
      problems.push({
        stepId: step ? step.id : null,
        path: step ? rest.join(".") : issue.path.join("."),
        message: issue.message,
        severity: "error",
      });
    }
  if (!Array.isArray(def.triggers) || def.triggers.length === 0)
    problems.push({
      stepId: null,
      path: "triggers",
      message: "Add a trigger: a flow without one never starts",
      severity: "warning",
    });

  const { ordered, reachable } = graphOrder(def);
  const byId = new Map(def.steps.map((s) => [s.id, s]));
  // Who leads to whom, for the variables set before a step.
  const parents = new Map<string, string[]>();
  for (const s of def.steps)
    for (const o of outputsOf(s))
      if (o.target) parents.set(o.target, [...(parents.get(o.target) ?? []), s.id]);
  const approved = new Set(opts.approvedTemplates);

  for (const s of ordered) {
    if (!reachable.has(s.id))
      problems.push({
        stepId: s.id,
        path: "",
        message: s.id === def.start ? "" : "Not connected: no path from the start reaches this step",
        severity: "warning",
      });
    if (s.type === "branch")
      for (const o of outputsOf(s))
        if (!o.target)
          problems.push({
            stepId: s.id,
            path: o.handle,
            message: `"${o.label}" leads nowhere: connect it to a step`,
            severity: "warning",
          });
    if (
      s.type === "send_template" &&
      typeof s.templateName === "string" &&
      s.templateName &&
      !approved.has(s.templateName)
    )
      problems.push({
        stepId: s.id,
        path: "templateName",
        message: `Template ${s.templateName} is not approved`,
        severity: "warning",
      });

    const before = new Set<string>();
    let sentBefore = false;
    const seen = new Set<string>([s.id]);
    const queue = [...(parents.get(s.id) ?? [])];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const p = byId.get(id);
      if (!p) continue;
      for (const v of setsOf(p)) before.add(v);
      if (sendsAndGoesOn(p)) sentBefore = true;
      queue.push(...(parents.get(id) ?? []));
    }
    if (s.type === "ask" && s.waitOnly === true && !sentBefore)
      problems.push({
        stepId: s.id,
        path: "waitOnly",
        message:
          "Only waits for an answer, but no step before it sends a message: begin with a template (or a message) that asks",
        severity: "warning",
      });
    for (const v of usesOf(s))
      if (!before.has(v))
        problems.push({
          stepId: s.id,
          path: "",
          message: `{{${v}}} is used before any step sets it`,
          severity: "warning",
        });
  }
  return problems.filter((p) => p.message);
}
