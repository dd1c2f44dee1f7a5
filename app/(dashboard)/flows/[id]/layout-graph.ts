import dagre from "@dagrejs/dagre";
import type { Edge, Node } from "@xyflow/react";
import type { Problem } from "@/lib/flows/builder/flow-problems";
import { placeSteps, type Point, type Positions } from "@/lib/flows/builder/node-positions";
import { outputsOf, type DraftDefinition, type DraftStep } from "@/lib/flows/builder/step-outputs";

export const NODE_WIDTH = 260;
const heightOf = (s: DraftStep, problems: number) => 76 + problems * 36 + outputsOf(s).length * 24;

export type StepNodeData = {
  step: DraftStep;
  isStart: boolean;
  problems: Problem[];
  onPath: boolean;
  open: (id: string) => void;
  askRemove: (id: string) => void;
};
export type StepNode = Node<StepNodeData, "step">;

/**
 * The canvas of a definition: one node per step, one edge per connected output, at the
 * positions saved with the draft (`layout.positions`), else laid out left to right by dagre.
 */
export function layoutGraph(
  def: DraftDefinition,
  extra: Omit<StepNodeData, "step" | "isStart" | "problems" | "onPath">,
  problems: Problem[],
  path: Set<string>,
): { nodes: StepNode[]; edges: Edge[] } {
  const ids = new Set(def.steps.map((s) => s.id));
  const edges: Edge[] = def.steps.flatMap((s) =>
    outputsOf(s)
      .filter((o) => o.target && ids.has(o.target))
      .map((o) => ({
        id: `${s.id}:${o.handle}`,
        source: s.id,
        sourceHandle: o.handle,
        target: o.target!,
        animated: path.has(s.id) && path.has(o.target!),
      })),
  );
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "LR", nodesep: 30, ranksep: 80 });
  g.setDefaultEdgeLabel(() => ({}));
  const count = (id: string) => problems.filter((x) => x.stepId === id).length;
  for (const s of def.steps) g.setNode(s.id, { width: NODE_WIDTH, height: heightOf(s, count(s.id)) });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const auto: Record<string, Point> = Object.fromEntries(
    def.steps.map((s) => {
      const p = g.node(s.id);
      return [s.id, { x: p.x - NODE_WIDTH / 2, y: p.y - heightOf(s, count(s.id)) / 2 }];
    }),
  );
  const placed = placeSteps(
    def.steps.map((s) => s.id),
    auto,
    savedPositions(def),
    edges,
  );
  const nodes: StepNode[] = def.steps.map((s) => {
    return {
      id: s.id,
      type: "step",
      position: placed[s.id]!,
      data: {
        ...extra,
        step: s,
        isStart: s.id === def.start,
        problems: problems.filter((x) => x.stepId === s.id),
        onPath: path.has(s.id),
      },
    };
  });
  return { nodes, edges };
}

/** The draft's saved canvas positions, if it has any. */
export function savedPositions(def: DraftDefinition): Positions | undefined {
  const layout = def.layout as { positions?: Positions } | undefined;
  return layout && typeof layout.positions === "object" ? layout.positions : undefined;
}
