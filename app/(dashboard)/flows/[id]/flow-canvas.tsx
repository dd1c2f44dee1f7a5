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
 * The canvas: nodes and edges laid out from the definition. Positions move when you drag and
 * are laid out again when the graph's shape changes. Connecting an output to a step and
 * deleting an edge (select it, Delete) change the definition; nodes are removed only from
 * their own button (with a confirmation).
 */
export function FlowCanvas({
  laidOut,
  shapeKey,
  onConnect,
  onDisconnect,
}: {
  laidOut: { nodes: StepNode[]; edges: Edge[] };
  shapeKey: string;
  onConnect: (source: string, handle: string, target: string) => void;
  onDisconnect: (edges: Edge[]) => void;
}) {
  const [nodes, setNodes] = useState<StepNode[]>(laidOut.nodes);
  const [edges, setEdges] = useState<Edge[]>(laidOut.edges);
  const lastShape = useRef(shapeKey);
  useEffect(() => {
    const reshaped = lastShape.current !== shapeKey;
    lastShape.current = shapeKey;
    setNodes((prev) => {
      const old = new Map(prev.map((n) => [n.id, n]));
      return laidOut.nodes.map((n) => {
        const o = old.get(n.id);
        return o ? { ...o, data: n.data, position: reshaped ? n.position : o.position } : n;
      });
    });
    setEdges(laidOut.edges);
  }, [laidOut, shapeKey]);
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
