import type { FlowLayout } from "../definition";

export type Point = { x: number; y: number };
export type Positions = FlowLayout["positions"];

/** How far right of the step leading to it a new step is placed, and the gap below the lowest. */
const STEP_RIGHT = 340;
const STEP_BELOW = 160;

/**
 * Where each step goes on the canvas: its saved position; with none saved at all, the
 * automatic layout's; a step without one in a saved layout (added since) right of the first
 * placed step leading to it, else below the lowest placed step.
 */
export function placeSteps(
  ids: string[],
  auto: Record<string, Point>,
  saved: Positions | undefined,
  edges: Array<{ source: string; target: string }>,
): Record<string, Point> {
  const kept = Object.fromEntries(ids.filter((id) => saved?.[id]).map((id) => [id, saved![id]!]));
  if (Object.keys(kept).length === 0) return Object.fromEntries(ids.map((id) => [id, auto[id]!]));
  const out: Record<string, Point> = { ...kept };
  for (const id of ids) {
    if (out[id]) continue;
    const from = edges.find((e) => e.target === id && out[e.source]);
    if (from) {
      const p = out[from.source]!;
      out[id] = { x: p.x + STEP_RIGHT, y: p.y };
    } else {
      const placed = Object.values(out);
      out[id] = {
        x: Math.min(...placed.map((p) => p.x)),
        y: Math.max(...placed.map((p) => p.y)) + STEP_BELOW,
      };
    }
  }
  return out;
}

/** Positions rounded to whole pixels, only for steps that exist. */
export function positionsFor(ids: string[], points: Record<string, Point>): Positions {
  return Object.fromEntries(
    ids
      .filter((id) => points[id])
      .map((id) => [id, { x: Math.round(points[id]!.x), y: Math.round(points[id]!.y) }]),
  );
}

/** One of the canvas's node changes (React Flow's NodeChange), as far as positions go. */
export type NodeMove = { type: string; id?: string; position?: Point; dragging?: boolean };

/**
 * The steps a batch of canvas changes put down: position changes that are not mid-drag. React
 * Flow reports both a drop and an arrow-key move (a focused, selected step; Shift for larger
 * steps) as a position change with `dragging: false`, so both are saved the same way.
 */
export function settledIds(changes: NodeMove[]): string[] {
  const ids = changes.flatMap((c) =>
    c.type === "position" && c.position && c.dragging !== true && c.id ? [c.id] : [],
  );
  return [...new Set(ids)].sort();
}

/** The undo group of arrow-key moves of these steps: consecutive presses are one step back. */
export const keyMoveGroup = (ids: string[]) => `keys:${ids.join(",")}`;

/**
 * Whether a step's box (flow coordinates) is wholly on screen in a canvas of `size` pixels
 * panned and zoomed by `transform` ([x, y, zoom], React Flow's): a step focused with Tab off
 * screen is brought into view.
 */
export function insideView(
  box: Point & { width: number; height: number },
  transform: [number, number, number],
  size: { width: number; height: number },
): boolean {
  const [tx, ty, zoom] = transform;
  const left = box.x * zoom + tx;
  const top = box.y * zoom + ty;
  return (
    left >= 0 && top >= 0 && left + box.width * zoom <= size.width && top + box.height * zoom <= size.height
  );
}
