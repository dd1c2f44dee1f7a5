"use client";

import { ReactFlowProvider } from "@xyflow/react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { FLOW_STEP_TYPES, type FlowStepType } from "@/lib/flows/definition";
import { flowProblems } from "@/lib/flows/builder/flow-problems";
import { positionsFor } from "@/lib/flows/builder/node-positions";
import {
  graphOrder,
  newStepId,
  outputsOf,
  setOutput,
  withoutReferencesTo,
  type DraftDefinition,
  type DraftStep,
} from "@/lib/flows/builder/step-outputs";
import { exportFlowAction, publishFlowAction, saveFlowDraftAction } from "../actions";
import { downloadJson, fileNameOf } from "../download-json";
import { FlowCanvas } from "./flow-canvas";
import { layoutGraph, savedPositions } from "./layout-graph";
import { SettingsPanel } from "./settings-panel";
import { StepPanel, type PanelContext } from "./step-panel";
import { newStep, STEP_LABELS, summaryOf } from "./step-types";
import { StartRunDialog } from "./start-run-dialog";
import { TryIt } from "./try-it";
import { useHistory } from "./use-history";

const wide = () => window.matchMedia("(min-width: 768px)");
function useWide(): boolean | null {
  return useSyncExternalStore(
    (cb) => {
      const m = wide();
      m.addEventListener("change", cb);
      return () => m.removeEventListener("change", cb);
    },
    () => wide().matches,
    () => null,
  );
}

export type EditorFlow = {
  id: string;
  name: string;
  publishedVersion: number | null;
  draft: DraftDefinition;
};

export function FlowEditor({
  flow,
  templates,
  attributes,
  segments,
  teams,
  testNumbers,
  path,
}: {
  flow: EditorFlow;
  templates: string[];
  attributes: Array<{ key: string; label: string }>;
  segments: Array<{ id: string; name: string }>;
  teams: Array<{ id: string; name: string }>;
  testNumbers: string[];
  /** Steps of a run to highlight (?run=). */
  path: string[];
}) {
  const router = useRouter();
  const toast = useToast();
  const history = useHistory<DraftDefinition>(flow.draft);
  const def = history.value;
  const [saved, setSaved] = useState(() => JSON.stringify(flow.draft));
  const dirty = JSON.stringify(def) !== saved;
  const [selected, setSelected] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [version, setVersion] = useState(flow.publishedVersion);
  const [addType, setAddType] = useState<FlowStepType>("ask");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const isWide = useWide();

  const problems = useMemo(() => flowProblems(def, { approvedTemplates: templates }), [def, templates]);
  const errors = problems.filter((p) => p.severity === "error");
  const apply = useCallback(
    (s: DraftStep) => {
      history.set((d) => {
        const i = d.steps.findIndex((x) => x.id === s.id);
        return i < 0 ? d : { ...d, steps: d.steps.map((x, j) => (j === i ? s : x)) };
      });
    },
    [history],
  );
  const remove = useCallback(
    (id: string) =>
      history.set((d) => {
        const steps = withoutReferencesTo(
          d.steps.filter((s) => s.id !== id),
          id,
        );
        const positions = savedPositions(d);
        const layout = positions
          ? {
              layout: {
                positions: positionsFor(
                  steps.map((s) => s.id),
                  positions,
                ),
              },
            }
          : {};
        return { ...d, ...layout, steps, start: d.start === id ? (steps[0]?.id ?? "") : d.start };
      }),
    [history],
  );
  const add = () => {
    const id = newStepId(def.steps, addType);
    history.set((d) => {
      const step = newStep(addType, id);
      // Connected from the selected step's first free output, if it has one.
      const from = d.steps.find((s) => s.id === selected);
      const free = from ? outputsOf(from).find((o) => !o.target) : undefined;
      const steps = d.steps.map((s) =>
        from && free && s.id === from.id ? setOutput(s, free.handle, id) : s,
      );
      return { ...d, steps: [...steps, step] };
    });
    setSelected(id);
  };

  const save = useCallback(async (): Promise<boolean> => {
    if (!dirty) return true;
    setSaving(true);
    const res = await saveFlowDraftAction(flow.id, def);
    setSaving(false);
    if (!res.ok) {
      setError(res.message);
      return false;
    }
    setError(null);
    setSaved(JSON.stringify(def));
    toast.show({ tone: "success", title: "Draft saved", description: flow.name });
    return true;
  }, [def, dirty, flow.id, flow.name, toast]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") {
        e.preventDefault();
        if (e.shiftKey) history.redo();
        else history.undo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [history]);

  const pathSet = useMemo(() => new Set(path), [path]);
  const laidOut = useMemo(
    () => layoutGraph(def, { open: setSelected, askRemove: setRemoving }, problems, pathSet),
    [def, problems, pathSet],
  );
  const ctx: PanelContext = {
    steps: def.steps,
    start: def.start,
    templates,
    attributes,
    segments,
    teams,
    problems,
    apply,
    setStart: (id) => history.set((d) => ({ ...d, start: id })),
    remove: setRemoving,
  };
  const step = def.steps.find((s) => s.id === selected) ?? null;
  const ordered = graphOrder(def).ordered;

  const toolbar = (
    <div className="flex flex-wrap items-end gap-2">
      <div className="w-44">
        <Select
          label="Step type"
          value={addType}
          onChange={(e) => setAddType(e.target.value as FlowStepType)}
          options={FLOW_STEP_TYPES.map((t) => ({ value: t, label: STEP_LABELS[t] }))}
        />
      </div>
      <Button variant="secondary" onClick={add}>
        Add step
      </Button>
      <Button
        variant="ghost"
        onClick={history.undo}
        disabled={!history.canUndo}
        aria-keyshortcuts="Control+Z"
      >
        Undo
      </Button>
      <Button
        variant="ghost"
        onClick={history.redo}
        disabled={!history.canRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        Redo
      </Button>
      {isWide ? (
        <Button
          variant="ghost"
          disabled={!savedPositions(def)}
          onClick={() =>
            history.set((d) => {
              const { layout: _drop, ...rest } = d;
              return rest;
            })
          }
        >
          Auto layout
        </Button>
      ) : null}
      <Button
        variant="ghost"
        onClick={async () => {
          const res = await exportFlowAction(flow.id);
          if (res.ok) downloadJson(fileNameOf(flow.name), res.data);
        }}
      >
        Export
      </Button>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="secondary" onClick={save} loading={saving} disabled={!dirty || errors.length > 0}>
          Save draft
        </Button>
        <Button onClick={() => setPublishing(true)} disabled={errors.length > 0}>
          Publish
        </Button>
        <StartRunDialog flowId={flow.id} published={version !== null} />
      </div>
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={version ? "success" : "warning"}>
          {version ? `published v${version}` : "draft only"}
        </Badge>
        {dirty ? (
          <Badge tone="info">unsaved changes</Badge>
        ) : (
          <span className="text-slate-600">draft saved</span>
        )}
        <a href={`/flows/runs?flow=${flow.id}`} className="text-indigo-700 underline">
          Runs
        </a>
      </div>
      {toolbar}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {problems.length > 0 ? (
        <details
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm"
          open={errors.length > 0}
        >
          <summary className="cursor-pointer font-medium text-amber-900">
            {errors.length > 0
              ? `${errors.length} error(s): the draft cannot be saved`
              : `${problems.length} warning(s)`}
          </summary>
          <ul className="mt-2 space-y-1">
            {problems.map((p, i) => (
              <li key={i}>
                {p.stepId ? (
                  <button
                    type="button"
                    className="font-mono text-indigo-700 underline"
                    onClick={() => setSelected(p.stepId)}
                  >
                    {p.stepId}
                  </button>
                ) : (
                  <span className="font-mono">flow</span>
                )}
                {p.path ? <code> {p.path}</code> : null}: {p.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      {isWide === null ? null : isWide ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ReactFlowProvider>
            <FlowCanvas
              laidOut={laidOut}
              onMoved={(points, group) =>
                history.set(
                  (d) => ({
                    ...d,
                    layout: {
                      positions: positionsFor(
                        d.steps.map((s) => s.id),
                        points,
                      ),
                    },
                  }),
                  { group },
                )
              }
              onConnect={(source, handle, target) => {
                const s = def.steps.find((x) => x.id === source);
                if (s && source !== target) apply(setOutput(s, handle, target));
              }}
              onDisconnect={(edges) =>
                history.set((d) => ({
                  ...d,
                  steps: d.steps.map((s) =>
                    edges
                      .filter((e) => e.source === s.id && e.sourceHandle)
                      .reduce((acc, e) => setOutput(acc, e.sourceHandle!, null), s),
                  ),
                }))
              }
            />
          </ReactFlowProvider>
          <Card>
            <CardBody>
              <div className="mb-3 flex gap-2">
                <Button size="sm" variant={step ? "ghost" : "secondary"} onClick={() => setSelected(null)}>
                  Flow settings
                </Button>
              </div>
              {step ? (
                <StepPanel key={step.id} step={step} ctx={ctx} revision={history.revision} />
              ) : (
                <SettingsPanel
                  key={history.revision}
                  def={def}
                  change={(c) => history.set((d) => ({ ...d, ...c }))}
                />
              )}
            </CardBody>
          </Card>
        </div>
      ) : (
        <div className="space-y-3">
          <details className="rounded-md border border-slate-200 bg-white p-3">
            <summary className="cursor-pointer font-medium">Flow settings</summary>
            <div className="mt-3">
              <SettingsPanel
                key={history.revision}
                def={def}
                change={(c) => history.set((d) => ({ ...d, ...c }))}
              />
            </div>
          </details>
          <ol className="space-y-2" aria-label="Steps in order">
            {ordered.map((s, i) => {
              const mine = problems.filter((p) => p.stepId === s.id);
              return (
                <li key={s.id}>
                  <details
                    className="rounded-md border border-slate-200 bg-white p-3"
                    open={selected === s.id}
                    onToggle={(e) => {
                      if ((e.target as HTMLDetailsElement).open) setSelected(s.id);
                    }}
                  >
                    <summary className="cursor-pointer">
                      <span className="font-medium">
                        {i + 1}. {STEP_LABELS[s.type]}
                      </span>{" "}
                      <code className="text-xs">{s.id}</code>
                      {s.id === def.start ? (
                        <span className="ml-1 text-xs text-emerald-700">start</span>
                      ) : null}
                      <span className="block truncate text-sm text-slate-600">{summaryOf(s)}</span>
                      {mine[0] ? (
                        <span className="block text-xs text-amber-800">{mine[0].message}</span>
                      ) : null}
                    </summary>
                    {selected === s.id ? (
                      <div className="mt-3">
                        <StepPanel step={s} ctx={ctx} revision={history.revision} />
                      </div>
                    ) : null}
                  </details>
                </li>
              );
            })}
          </ol>
        </div>
      )}

      <Card>
        <CardBody>
          <h2 className="mb-2 text-base font-semibold text-slate-900">Try it</h2>
          <p className="mb-3 text-sm text-slate-600">
            Runs the draft for a test number (saved first); nothing reaches a real customer.
          </p>
          <TryIt flowId={flow.id} testNumbers={testNumbers} beforeStart={save} />
        </CardBody>
      </Card>

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Delete step ${removing ?? ""}?`}
        description="Outputs that led to it lead nowhere afterwards. Undo brings it back."
        confirmLabel="Delete step"
        onConfirm={() => {
          if (removing) remove(removing);
          if (selected === removing) setSelected(null);
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={publishing}
        onClose={() => setPublishing(false)}
        tone="primary"
        title={`Publish ${flow.name}?`}
        description={`The draft becomes version ${(version ?? 0) + 1}: new runs start on it; runs in flight keep theirs.${
          problems.length > 0 ? ` It has ${problems.length} warning(s).` : ""
        }`}
        confirmLabel="Publish"
        error={error}
        onConfirm={async () => {
          if (!(await save())) return;
          const res = await publishFlowAction(flow.id);
          if (!res.ok) return setError(res.message);
          setVersion(res.data.version);
          setPublishing(false);
          toast.show({
            tone: "success",
            title: `Published version ${res.data.version}`,
            description: flow.name,
          });
          router.refresh();
        }}
      />
    </div>
  );
}
