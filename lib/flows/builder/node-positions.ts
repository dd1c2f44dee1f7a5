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
