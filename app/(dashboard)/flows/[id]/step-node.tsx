"use client";

import { Handle, Position, useReactFlow, useStoreApi, type NodeProps } from "@xyflow/react";
import { cn } from "@/components/ui/cn";
import { insideView } from "@/lib/flows/builder/node-positions";
import { outputsOf } from "@/lib/flows/builder/step-outputs";
import type { StepNode } from "./layout-graph";
import { STEP_LABELS, summaryOf } from "./step-types";

/** The canvas's visible hint on the keys, which each step's card is described by. */
export const CANVAS_KEYS_HINT_ID = "flow-canvas-keys";

/**
 * A step on the canvas: its type, id and what it does, its problems inline, a target handle on
 * the left and one source handle per output on the right (drag from one to connect). The
 * card is a button and the step's tab stop: focusing it selects the step, so the arrow keys
 * move it (React Flow's keyboard moves, handled by the node around it), and pans the canvas to
 * it when it is off screen; Enter opens the side panel, Delete asks to remove the step.
 */
export function StepNodeView({ id, data, selected }: NodeProps<StepNode>) {
  const { step, isStart, problems, onPath } = data;
  const store = useStoreApi();
  const { setCenter } = useReactFlow();
  /** Focus selects the step (so the arrow keys move it) and brings it on screen. */
  const onFocus = () => {
    const s = store.getState();
    if (!selected) s.addSelectedNodes([id]);
    const node = s.nodeLookup.get(id);
    if (!node) return;
    const { x, y } = node.internals.positionAbsolute;
    const box = { x, y, width: node.measured.width ?? 0, height: node.measured.height ?? 0 };
    if (!insideView(box, s.transform, s))
      void setCenter(x + box.width / 2, y + box.height / 2, { zoom: s.transform[2] });
  };
  const errors = problems.filter((p) => p.severity === "error");
  return (
    <div
      className={cn(
        "w-[260px] rounded-lg border bg-white text-left shadow-sm",
        errors.length > 0 ? "border-red-500" : problems.length > 0 ? "border-amber-500" : "border-slate-300",
        selected && "ring-2 ring-indigo-500",
        onPath && "bg-emerald-50",
      )}
      data-testid={`step-${step.id}`}
    >
      <Handle type="target" position={Position.Left} />
      <button
        type="button"
        className="block w-full rounded-t-lg px-3 pt-2 pb-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={`${STEP_LABELS[step.type]} ${step.id}${isStart ? ", start" : ""}${problems.length ? `, ${problems.length} problem(s)` : ""}: open`}
        aria-describedby={CANVAS_KEYS_HINT_ID}
        onFocus={onFocus}
        onClick={() => data.open(step.id)}
        onKeyDown={(e) => {
          if (e.key === "Delete" || e.key === "Backspace") {
            e.preventDefault();
            e.stopPropagation();
            data.askRemove(step.id);
          }
        }}
      >
        <span className="flex items-center justify-between text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {STEP_LABELS[step.type]}
          {isStart ? (
            <span className="rounded bg-emerald-100 px-1.5 text-emerald-800 normal-case">start</span>
          ) : null}
        </span>
        <span className="block truncate font-mono text-xs text-slate-700">{step.id}</span>
        <span className="block truncate text-sm text-slate-900">{summaryOf(step)}</span>
        {problems.map((p) => (
          <span
            key={`${p.path}:${p.message}`}
            className={cn(
              "mt-1 block text-xs leading-4",
              p.severity === "error" ? "text-red-700" : "text-amber-800",
            )}
          >
            {p.message}
          </span>
        ))}
      </button>
      <ul className="border-t border-slate-100 pb-1">
        {outputsOf(step).map((o) => (
          <li
            key={o.handle}
            className="relative flex h-6 items-center justify-end pr-3 text-xs text-slate-600"
          >
            <span className="truncate">{o.label}</span>
            <Handle type="source" position={Position.Right} id={o.handle} style={{ top: "50%" }} />
          </li>
        ))}
      </ul>
    </div>
  );
}
