"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import type { Problem } from "@/lib/flows/builder/flow-problems";
import { outputsOf, setOutput, type DraftStep } from "@/lib/flows/builder/step-outputs";
import { AskForm } from "./forms/ask-form";
import { BranchForm } from "./forms/branch-form";
import { EndForm, HandoverForm } from "./forms/end-form";
import { HttpRequestForm } from "./forms/http-request-form";
import { SendTemplateForm } from "./forms/send-template-form";
import { SendTextForm } from "./forms/send-text-form";
import { SetConversationForm } from "./forms/set-conversation-form";
import { ConversionForm } from "./forms/conversion-form";
import { SetVariableForm } from "./forms/set-variable-form";
import { WaitStepForm } from "./forms/wait-form";
import { STEP_LABELS } from "./step-types";

export type PanelContext = {
  steps: DraftStep[];
  start: string;
  templates: string[];
  /** The business's custom attributes, for an ask's "save to the attribute". */
  attributes: Array<{ key: string; label: string }>;
  /** The business's segments, for a branch's "is in segment". */
  segments: Array<{ id: string; name: string }>;
  teams: Array<{ id: string; name: string }>;
  problems: Problem[];
  apply: (s: DraftStep) => void;
  setStart: (id: string) => void;
  remove: (id: string) => void;
};

function StepForm({ step, ctx, revision }: { step: DraftStep; ctx: PanelContext; revision: number }) {
  const props = { step, apply: ctx.apply, formId: `step-form-${step.id}`, key: `${step.id}:${revision}` };
  switch (step.type) {
    case "send_text":
      return <SendTextForm {...props} />;
    case "send_template":
      return <SendTemplateForm {...props} templates={ctx.templates} />;
    case "ask":
      return <AskForm {...props} attributes={ctx.attributes} />;
    case "branch":
      return <BranchForm {...props} segments={ctx.segments} />;
    case "set_variable":
      return <SetVariableForm {...props} />;
    case "conversion":
      return <ConversionForm {...props} />;
    case "handover":
      return <HandoverForm {...props} teams={ctx.teams} />;
    case "http_request":
      return <HttpRequestForm {...props} />;
    case "wait":
      return <WaitStepForm {...props} />;
    case "set_conversation":
      return <SetConversationForm {...props} />;
    case "end":
      return <EndForm {...props} />;
  }
}

/** The side panel of one step: its problems, its form, where each output leads, start and delete. */
export function StepPanel({ step, ctx, revision }: { step: DraftStep; ctx: PanelContext; revision: number }) {
  const problems = ctx.problems.filter((p) => p.stepId === step.id);
  const others = ctx.steps.filter((s) => s.id !== step.id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          {STEP_LABELS[step.type]} <code className="text-sm font-normal text-slate-600">{step.id}</code>
        </h3>
        {ctx.start === step.id ? (
          <span className="text-xs font-medium text-emerald-700">Start step</span>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => ctx.setStart(step.id)}>
            Set as start
          </Button>
        )}
      </div>
      {problems.length > 0 ? (
        <Alert tone={problems.some((p) => p.severity === "error") ? "danger" : "warning"}>
          <ul className="list-disc pl-4">
            {problems.map((p) => (
              <li key={`${p.path}:${p.message}`}>
                {p.path ? <code>{p.path}</code> : null} {p.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <StepForm step={step} ctx={ctx} revision={revision} />
      {outputsOf(step).length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Where it goes next</legend>
          {outputsOf(step).map((o) => (
            <Select
              key={o.handle}
              label={`${o.label}`}
              placeholder="Nowhere (ends here)"
              value={o.target ?? ""}
              options={others.map((s) => ({ value: s.id, label: `${s.id} (${STEP_LABELS[s.type]})` }))}
              onChange={(e) => ctx.apply(setOutput(step, o.handle, e.target.value || null))}
            />
          ))}
        </fieldset>
      ) : null}
      <Button variant="danger" size="sm" onClick={() => ctx.remove(step.id)}>
        Delete step
      </Button>
    </div>
  );
}
