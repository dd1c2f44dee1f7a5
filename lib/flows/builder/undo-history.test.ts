import { describe, expect, it } from "vitest";
import { recordChange, redoChange, startHistory, undoChange } from "./undo-history";

describe("the builder's undo history", () => {
  it("makes each change one step back, and consecutive changes of one group a single step", () => {
    let h = startHistory({ x: 0 });
    h = recordChange(h, { x: 1 }); // a drag
    for (const x of [6, 11, 16, 21, 26]) h = recordChange(h, { x }, "keys:a"); // five arrow presses
    expect(h.present).toEqual({ x: 26 });
    expect(h.past).toEqual([{ x: 0 }, { x: 1 }]);
    h = undoChange(h);
    expect(h.present).toEqual({ x: 1 });
    h = redoChange(h);
    expect(h.present).toEqual({ x: 26 });
    // After an undo or redo, the same keys start a new step; another step's keys do too.
    h = recordChange(h, { x: 31 }, "keys:a");
    h = recordChange(h, { x: 36 }, "keys:b");
    expect(h.past.map((v) => v.x)).toEqual([0, 1, 26, 31]);
    expect(undoChange(undoChange(h)).present).toEqual({ x: 26 });
  });

  it("drops the redo steps on a new change and keeps at most 100 steps back", () => {
    let h = startHistory(0);
    for (let i = 1; i <= 150; i++) h = recordChange(h, i);
    expect(h.past).toHaveLength(100);
    expect(h.past[0]).toBe(50);
    h = recordChange(undoChange(undoChange(h)), 999);
    expect([h.present, h.future]).toEqual([999, []]);
    expect(undoChange(startHistory(1))).toEqual(startHistory(1));
    expect(redoChange(startHistory(1))).toEqual(startHistory(1));
  });
});
