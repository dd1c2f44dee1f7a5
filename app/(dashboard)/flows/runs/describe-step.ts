import type { RunPathStep } from "@/lib/flows/get-run-path";

/** What one recorded step did, in a line: the message sent, the answer and whether it was taken, the rule, the HTTP status. */
export function describeStep(s: RunPathStep): string {
  const d = s.detail;
  if (s.type === "answer") return `answer "${String(d.text ?? "")}" ${d.accepted ? "taken" : "not taken"}`;
  if (typeof d.sent === "string") return `sent "${d.sent}"`;
  if (s.type === "ask" && d.waitOnly) return "waits for the answer to the message before (no question sent)";
  if (s.type === "branch")
    return d.rule === null || d.rule === undefined ? "otherwise" : `rule ${Number(d.rule) + 1}`;
  if (typeof d.status === "number")
    return `HTTP ${d.status}${typeof d.ms === "number" ? ` in ${d.ms} ms` : ""}`;
  const rest = JSON.stringify(d);
  return rest === "{}" ? s.type : `${s.type} ${rest}`;
}
