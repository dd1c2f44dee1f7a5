import type { FlowStepType } from "@/lib/flows/definition";
import type { DraftStep } from "@/lib/flows/builder/step-outputs";
import { durationOf } from "@/lib/flows/builder/wait-duration";

export const STEP_LABELS: Record<FlowStepType, string> = {
  send_text: "Message",
  send_template: "Template",
  ask: "Question",
  branch: "Branch",
  set_variable: "Set variable",
  conversion: "Conversion",
  http_request: "HTTP request",
  wait: "Wait",
  set_conversation: "Conversation state",
  handover: "Hand over",
  end: "End",
};

/** A new step of `type`, valid as it is (so the draft still saves), pointing nowhere. */
export function newStep(type: FlowStepType, id: string): DraftStep {
  switch (type) {
    case "send_text":
      return { id, type, text: "New message", next: null };
    case "send_template":
      return { id, type, templateName: "", parameters: [], next: null };
    case "ask":
      return { id, type, question: "New question?", saveAs: id.replace(/[^a-z0-9_]/g, "_"), next: null };
    case "branch":
      return {
        id,
        type,
        rules: [{ when: { source: "variable", key: "", op: "is_set", value: "" }, next: null }],
        otherwise: null,
      };
    case "set_variable":
      return { id, type, variable: "value", value: "", next: null };
    case "conversion":
      return { id, type, event: "purchase", value: "", currency: "", next: null };
    case "http_request":
      return { id, type, method: "POST", url: "https://example.com/hook", next: null, onFailure: null };
    case "wait":
      return { id, type, minutes: 60, next: null };
    case "set_conversation":
      return { id, type, state: "pending", next: null };
    case "handover":
      return { id, type, text: "", teamId: null };
    case "end":
      return { id, type, text: "" };
  }
}

/** One line that says what a step does, for the canvas and the list. */
export function summaryOf(s: DraftStep): string {
  const t = (v: unknown) => (typeof v === "string" ? v : "");
  switch (s.type) {
    case "send_text":
      return t(s.text);
    case "send_template":
      return t(s.templateName) || "no template chosen";
    case "ask":
      return s.waitOnly === true ? "waits for the answer (sends no question)" : t(s.question);
    case "branch":
      return `${Array.isArray(s.rules) ? s.rules.length : 0} rule(s)`;
    case "set_variable":
      return `${t(s.variable)} = ${t(s.value)}`;
    case "conversion":
      return t(s.value) ? `${t(s.event)}: ${t(s.value)} ${t(s.currency)}` : t(s.event);
    case "http_request":
      return `${t(s.method) || "POST"} ${t(s.url)}`;
    case "wait": {
      if (typeof s.minutes !== "number") return "no duration";
      const { amount, unit } = durationOf(s.minutes);
      return `waits ${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
    }
    case "set_conversation":
      return t(s.state);
    case "handover":
      return t(s.text) || "to an agent";
    case "end":
      return t(s.text) || "ends the run";
  }
}
