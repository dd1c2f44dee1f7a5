"use client";

import { useCallback, useState } from "react";
import { recordChange, redoChange, startHistory, undoChange } from "@/lib/flows/builder/undo-history";

/**
 * A value with undo and redo (lib/flows/builder/undo-history.ts): each `set` is one step back,
 * except consecutive sets with the same `group` (arrow-key moves of one step), which are one.
 */
export function useHistory<T>(initial: T) {
  const [state, setState] = useState(() => startHistory(initial));
  const set = useCallback(
    (next: T | ((v: T) => T), opts: { group?: string } = {}) =>
      setState((s) => {
        const value = typeof next === "function" ? (next as (v: T) => T)(s.present) : next;
        return recordChange(s, value, opts.group ?? null);
      }),
    [],
  );
  const undo = useCallback(() => setState(undoChange), []);
  const redo = useCallback(() => setState(redoChange), []);
  return {
    value: state.present,
    set,
    undo,
    redo,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    /** Changes on every set, undo and redo: forms keyed by it start again from the value. */
    revision: state.past.length * 1000 + state.future.length,
  };
}
