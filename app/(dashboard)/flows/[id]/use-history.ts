"use client";

import { useCallback, useState } from "react";

/** A value with undo and redo (each `set` is one step back). */
export function useHistory<T>(initial: T) {
  const [state, setState] = useState({ past: [] as T[], present: initial, future: [] as T[] });
  const set = useCallback(
    (next: T | ((v: T) => T)) =>
      setState((s) => {
        const value = typeof next === "function" ? (next as (v: T) => T)(s.present) : next;
        return { past: [...s.past.slice(-99), s.present], present: value, future: [] };
      }),
    [],
  );
  const undo = useCallback(
    () =>
      setState((s) =>
        s.past.length === 0
          ? s
          : { past: s.past.slice(0, -1), present: s.past.at(-1)!, future: [s.present, ...s.future] },
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setState((s) =>
        s.future.length === 0
          ? s
          : { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) },
      ),
    [],
  );
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
