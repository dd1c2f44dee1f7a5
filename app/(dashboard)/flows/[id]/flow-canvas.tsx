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
import type { StepNode } from "./layout-graph";
import { StepNodeView } from "./step-node";

const nodeTypes = { step: StepNodeView };

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
 * a new shape) and otherwise stays where it is; dropping a dragged node hands every node's
 * position to `onMoved`, to be kept with the draft. Connecting an output to a step and
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
  onMoved: (positions: Record<string, { x: number; y: number }>) => void;
}) {
  const [nodes, setNodes] = useState<StepNode[]>(laidOut.nodes);
  const [edges, setEdges] = useState<Edge[]>(laidOut.edges);
  const lastLaid = useRef(new Map(laidOut.nodes.map((n) => [n.id, n.position])));
  useEffect(() => {
    const before = lastLaid.current;
    lastLaid.current = new Map(laidOut.nodes.map((n) => [n.id, n.position]));
    setNodes((prev) => {
      const old = new Map(prev.map((n) => [n.id, n]));
      return laidOut.nodes.map((n) => {
        const o = old.get(n.id);
        if (!o) return n;
        return {
          ...o,
          data: n.data,
          position: samePoint(before.get(n.id), n.position) ? o.position : n.position,
        };
      });
    });
    setEdges(laidOut.edges);
  }, [laidOut]);
  const onNodesChange = useCallback(
    (changes: NodeChange<StepNode>[]) =>
      setNodes((ns) =>
        applyNodeChanges(
          changes.filter((c) => c.type !== "remove"),
          ns,
        ),
      ),
    [],
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
    <div
      className="h-[560px] w-full rounded-lg border border-slate-200 bg-slate-50"
      aria-label="Flow canvas"
      role="region"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(c: Connection) => c.sourceHandle && onConnect(c.source, c.sourceHandle, c.target)}
        onEdgesDelete={onDisconnect}
        onNodeDragStop={(_e, _node, dragged) => {
          const moved = new Map(dragged.map((n) => [n.id, n.position]));
          onMoved(Object.fromEntries(nodes.map((n) => [n.id, moved.get(n.id) ?? n.position])));
        }}
        onBeforeDelete={async ({ edges: es }) => ({ nodes: [], edges: es })}
        deleteKeyCode={["Delete", "Backspace"]}
        nodesFocusable={false}
        fitView
        fitViewOptions={firstView(laidOut.nodes)}
        minZoom={0.3}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
