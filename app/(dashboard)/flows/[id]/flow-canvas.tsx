"use client";

import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { keyMoveGroup, settledIds, type Positions } from "@/lib/flows/builder/node-positions";
import type { StepNode } from "./layout-graph";
import { CANVAS_KEYS_HINT_ID, StepNodeView } from "./step-node";

const nodeTypes = { step: StepNodeView };

const KEYS_HINT = "Arrow keys move the selected step (hold Shift for larger moves)";

/**
 * What screen readers hear (React Flow's descriptions and its aria-live message): the step's
 * card is the tab stop, focusing it selects it, the arrow keys move it.
 */
const ariaLabelConfig = {
  "node.a11yDescription.default": `${KEYS_HINT}. Enter opens the step, Delete removes it.`,
  "node.a11yDescription.keyboardDisabled": `${KEYS_HINT}. Enter opens the step, Delete removes it.`,
  "node.a11yDescription.ariaLiveMessage": ({ direction }: { direction: string }) =>
    `Moved the step ${direction}`,
};

/** A node as React Flow gets it: out of the tab order itself (its card's button is the stop), still taking the keys. */
const focusable = (n: StepNode): StepNode => ({ ...n, domAttributes: { tabIndex: -1 } });

const samePoint = (a?: { x: number; y: number }, b?: { x: number; y: number }) =>
  !!a && !!b && a.x === b.x && a.y === b.y;

/**
 * What the canvas opens on: the first steps from the left (about three columns), at a zoom
 * where their text reads. Fitting a long flow whole shrank its nodes past reading; the rest is a
 * pan or the zoom controls away.
 */
function firstView(nodes: StepNode[]) {
  const left = Math.min(...nodes.map((n) => n.position.x));
  const first = nodes.filter((n) => n.position.x <= left + 700).map((n) => ({ id: n.id }));
  return { nodes: first, minZoom: 0.6, maxZoom: 1, padding: 0.15 };
}

/**
 * The canvas: nodes and edges laid out from the definition (its saved positions, else dagre).
 * A node takes its laid-out position whenever that changes (a drop saved, undo, auto layout,
 * a new shape) and otherwise stays where it is; dropping a dragged node, or moving the selected
 * one with the arrow keys (React Flow's keyboard moves: the card focused selects it), hands
 * every node's position to `onMoved`, to be kept with the draft (consecutive key moves of the
 * same steps as one undo group). Connecting an output to a step and
 * deleting an edge (select it, Delete) change the definition; nodes are removed only from
 * their own button (with a confirmation).
 */
export function FlowCanvas({
  laidOut,
  onConnect,
  onDisconnect,
  onMoved,
}: {
  laidOut: { nodes: StepNode[]; edges: Edge[] };
  onConnect: (source: string, handle: string, target: string) => void;
  onDisconnect: (edges: Edge[]) => void;
  onMoved: (positions: Positions, group?: string) => void;
}) {
  const [nodes, setNodesState] = useState<StepNode[]>(() => laidOut.nodes.map(focusable));
  // The nodes as last set, read by the change handler (several changes may come before a render).
  const current = useRef(nodes);
  const setNodes = useCallback((next: StepNode[]) => {
    current.current = next;
    setNodesState(next);
  }, []);
  const [edges, setEdges] = useState<Edge[]>(laidOut.edges);
  const lastLaid = useRef(new Map(laidOut.nodes.map((n) => [n.id, n.position])));
  useEffect(() => {
    const before = lastLaid.current;
    lastLaid.current = new Map(laidOut.nodes.map((n) => [n.id, n.position]));
    const old = new Map(current.current.map((n) => [n.id, n]));
    setNodes(
      laidOut.nodes.map((n) => {
        const o = old.get(n.id);
        if (!o) return focusable(n);
        return {
          ...o,
          data: n.data,
          position: samePoint(before.get(n.id), n.position) ? o.position : n.position,
        };
      }),
    );
    setEdges(laidOut.edges);
  }, [laidOut, setNodes]);
  const moved = useRef(onMoved);
  useEffect(() => {
    moved.current = onMoved;
  }, [onMoved]);
  // Set while an arrow key is handled: the position changes it causes are key moves.
  const arrowKey = useRef(false);
  const onNodesChange = useCallback(
    (changes: NodeChange<StepNode>[]) => {
      const next = applyNodeChanges(
        changes.filter((c) => c.type !== "remove"),
        current.current,
      );
      setNodes(next);
      const ids = settledIds(changes);
      if (ids.length === 0) return;
      moved.current(
        Object.fromEntries(next.map((n) => [n.id, n.position])),
        arrowKey.current ? keyMoveGroup(ids) : undefined,
      );
    },
    [setNodes],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) =>
      setEdges((es) =>
        applyEdgeChanges(
          changes.filter((c) => c.type !== "remove"),
          es,
        ),
      ),
    [],
  );
  return (
    <div className="space-y-1">
      <div
        className="h-[560px] w-full rounded-lg border border-slate-200 bg-slate-50"
        aria-label="Flow canvas"
        aria-describedby={CANVAS_KEYS_HINT_ID}
        role="region"
        onKeyDownCapture={(e) => {
          arrowKey.current = e.key.startsWith("Arrow");
        }}
        onKeyDown={() => {
          arrowKey.current = false;
        }}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={(c: Connection) => c.sourceHandle && onConnect(c.source, c.sourceHandle, c.target)}
          onEdgesDelete={onDisconnect}
          onBeforeDelete={async ({ edges: es }) => ({ nodes: [], edges: es })}
          deleteKeyCode={["Delete", "Backspace"]}
          nodesFocusable
          ariaLabelConfig={ariaLabelConfig}
          fitView
          fitViewOptions={firstView(laidOut.nodes)}
          minZoom={0.3}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <p id={CANVAS_KEYS_HINT_ID} className="text-xs text-slate-600">
        {KEYS_HINT}. Tab goes from step to step; Enter opens one.
      </p>
    </div>
  );
}
