import type { FlowStepType } from "../definition";

/** A step as the builder edits it: the definition's input shape, possibly not valid yet. */
export type DraftStep = { id: string; type: FlowStepType } & Record<string, unknown>;
export type DraftDefinition = {
  triggers?: unknown[];
  settings?: unknown;
  start: string;
  steps: DraftStep[];
  /** The canvas positions (definition.ts FlowLayout). */
  layout?: unknown;
};

/** One way out of a step: a `next`-like field, named by its path ("next", "choices.0.next"). */
export type StepOutput = { handle: string; label: string; target: string | null };

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);
const arr = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? (v as Array<Record<string, unknown>>) : [];

/** The outputs of a step, in the order the canvas shows them (the same fields as definition.ts nextsOf). */
export function outputsOf(s: DraftStep): StepOutput[] {
  switch (s.type) {
    case "send_text":
    case "send_template":
    case "set_variable":
    case "conversion":
    case "wait":
    case "set_conversation":
      return [{ handle: "next", label: "next", target: str(s.next) }];
    case "ask":
      return [
        { handle: "next", label: "answered", target: str(s.next) },
        ...arr(s.choices).map((c, i) => ({
          handle: `choices.${i}.next`,
          label: typeof c === "string" ? c : String(c.title ?? `choice ${i + 1}`),
          target: typeof c === "string" ? null : str(c.next),
        })),
        { handle: "onInvalid", label: "invalid", target: str(s.onInvalid) },
        { handle: "onTimeout", label: "timeout", target: str(s.onTimeout) },
      ];
    case "http_request":
      return [
        { handle: "next", label: "2xx", target: str(s.next) },
        { handle: "onFailure", label: "failure", target: str(s.onFailure) },
      ];
    case "branch":
      return [
        ...arr(s.rules).map((r, i) => ({
          handle: `rules.${i}.next`,
          label: ruleLabel(r, i),
          target: str(r.next),
        })),
        { handle: "otherwise", label: "otherwise", target: str(s.otherwise) },
      ];
    case "handover":
    case "end":
      return [];
  }
}

function ruleLabel(r: Record<string, unknown>, i: number): string {
  const w = (r.when ?? {}) as Record<string, unknown>;
  const key = String(w.key ?? w.variable ?? "");
  const op = String(w.op ?? "");
  const value = op === "is_set" || op === "is_not_set" ? "" : ` ${String(w.value ?? "")}`;
  return key || op ? `${key} ${op.replace(/_/g, " ")}${value}`.trim() : `rule ${i + 1}`;
}

/** The step with one output pointed at `target` (null: disconnected); the step itself is not changed. */
export function setOutput(s: DraftStep, handle: string, target: string | null): DraftStep {
  const copy = structuredClone(s) as Record<string, unknown>;
  const [field, index, sub] = handle.split(".");
  if (index === undefined) {
    copy[field!] = target;
    return copy as DraftStep;
  }
  const list: unknown[] = Array.isArray(copy[field!]) ? (copy[field!] as unknown[]) : [];
  const i = Number(index);
  const at = list[i];
  if (at === undefined || at === null) return s;
  // A choice given as a bare string becomes an object to carry its next.
  const item: Record<string, unknown> = typeof at === "string" ? { title: at } : { ...(at as object) };
  item[sub!] = target;
  copy[field!] = list.map((x, j) => (j === i ? item : x));
  return copy as DraftStep;
}

/** Every output of every step that points at `id`, pointed nowhere instead (a deleted step). */
export function withoutReferencesTo(steps: DraftStep[], id: string): DraftStep[] {
  return steps.map((s) =>
    outputsOf(s)
      .filter((o) => o.target === id)
      .reduce((acc, o) => setOutput(acc, o.handle, null), s),
  );
}

/** Steps in graph order: the start first, then breadth-first along the outputs; unreachable ones last, as given. */
export function graphOrder(def: DraftDefinition): { ordered: DraftStep[]; reachable: Set<string> } {
  const byId = new Map(def.steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const ordered: DraftStep[] = [];
  const queue = byId.has(def.start) ? [def.start] : [];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const s = byId.get(id)!;
    ordered.push(s);
    for (const o of outputsOf(s))
      if (o.target && byId.has(o.target) && !seen.has(o.target)) queue.push(o.target);
  }
  const reachable = new Set(seen);
  for (const s of def.steps) if (!seen.has(s.id)) ordered.push(s);
  return { ordered, reachable };
}

/** A fresh id for a new step of `type` ("ask_2"). */
export function newStepId(steps: DraftStep[], type: string): string {
  const ids = new Set(steps.map((s) => s.id));
  for (let n = 1; ; n++) if (!ids.has(`${type}_${n}`)) return `${type}_${n}`;
}
