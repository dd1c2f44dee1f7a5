/**
 * The builder's undo and redo as a value: `past` before `present`, `future` after it (undone).
 * `group` names the kind of the last change when consecutive changes of that kind are one
 * step back (arrow-key moves of the same steps: five presses, one Undo); null otherwise.
 */
export type UndoHistory<T> = { past: T[]; present: T; future: T[]; group: string | null };

/** How many steps back are kept. */
const KEPT = 100;

export const startHistory = <T>(present: T): UndoHistory<T> => ({
  past: [],
  present,
  future: [],
  group: null,
});

/** `value` becomes the present; with the same `group` as the last change it replaces that one's result. */
export function recordChange<T>(h: UndoHistory<T>, value: T, group: string | null = null): UndoHistory<T> {
  if (group !== null && group === h.group) return { ...h, present: value, future: [] };
  return { past: [...h.past.slice(-(KEPT - 1)), h.present], present: value, future: [], group };
}

export function undoChange<T>(h: UndoHistory<T>): UndoHistory<T> {
  if (h.past.length === 0) return h;
  return {
    past: h.past.slice(0, -1),
    present: h.past.at(-1)!,
    future: [h.present, ...h.future],
    group: null,
  };
}

export function redoChange<T>(h: UndoHistory<T>): UndoHistory<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), group: null };
}
