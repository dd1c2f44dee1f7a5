import { describe, expect, it } from "vitest";
import { jsonBodyProblem } from "../json-body";
import { insideView, keyMoveGroup, placeSteps, positionsFor, settledIds } from "./node-positions";
import { rowIssues, rowOf, triggerOf } from "./trigger-rows";
import { durationOf, minutesOf } from "./wait-duration";

describe("wait durations", () => {
  it("shows minutes in the largest whole unit and converts back", () => {
    expect(durationOf(90)).toEqual({ amount: 90, unit: "minutes" });
    expect(durationOf(120)).toEqual({ amount: 2, unit: "hours" });
    expect(durationOf(2880)).toEqual({ amount: 2, unit: "days" });
    expect(minutesOf(3, "hours")).toBe(180);
    expect(minutesOf(1.5, "days")).toBe(2160);
    expect(minutesOf(2, "minutes")).toBe(2);
  });
});

describe("an HTTP step's JSON body", () => {
  it("takes placeholders inside and outside quotes, and an empty body", () => {
    expect(jsonBodyProblem('{"order": {{order}}, "name": "{{name}}"}')).toBeNull();
    expect(jsonBodyProblem("  ")).toBeNull();
  });
  it("names what is not JSON", () => {
    expect(jsonBodyProblem('{"order": ')).toMatch(/^Not JSON: /);
    expect(jsonBodyProblem("{order: 1}")).toMatch(/^Not JSON: /);
  });
});

describe("trigger rows", () => {
  it("round-trips a keyword trigger with channels and senders", () => {
    const t = {
      type: "keyword",
      match: "contains",
      words: ["order", "status"],
      channels: ["rcs"],
      senders: ["s1"],
    };
    expect(triggerOf(rowOf(t))).toEqual(t);
  });
  it("keeps only the fields of the kind; no channel ticked is all channels", () => {
    const row = { ...rowOf({ type: "keyword", words: ["x"] }), type: "campaign" as const };
    expect(triggerOf(row)).toEqual({ type: "campaign" });
    expect(triggerOf(rowOf({ type: "welcome" }))).toEqual({ type: "welcome" });
    expect(triggerOf({ ...rowOf({ type: "button" }), payloads: " a \n\n b " })).toEqual({
      type: "button",
      payloads: ["a", "b"],
    });
  });
  it("puts the schema's issues on the row's fields", () => {
    expect(rowIssues(rowOf({ type: "keyword", words: [] }))).toEqual([
      { field: "words", message: "Add a keyword" },
    ]);
    expect(rowIssues({ ...rowOf({ type: "keyword" }), words: `ok\n${"x".repeat(65)}` })).toEqual([
      { field: "words", message: "Keyword 2: At most 64 characters" },
    ]);
    expect(rowIssues(rowOf({ type: "fallback" }))).toEqual([]);
  });
});

describe("step positions", () => {
  const auto = { a: { x: 0, y: 0 }, b: { x: 340, y: 0 }, c: { x: 680, y: 0 } };
  const edges = [
    { source: "a", target: "b" },
    { source: "b", target: "c" },
  ];
  it("is the automatic layout when none is saved", () => {
    expect(placeSteps(["a", "b", "c"], auto, undefined, edges)).toEqual(auto);
    expect(placeSteps(["a", "b", "c"], auto, { gone: { x: 1, y: 1 } }, edges)).toEqual(auto);
  });
  it("keeps saved positions and places a new step right of the one leading to it, else below", () => {
    const saved = { a: { x: 10, y: 500 }, b: { x: 400, y: 20 } };
    expect(placeSteps(["a", "b", "c", "d"], { ...auto, d: { x: 0, y: 0 } }, saved, edges)).toEqual({
      a: { x: 10, y: 500 },
      b: { x: 400, y: 20 },
      c: { x: 740, y: 20 },
      d: { x: 10, y: 660 },
    });
  });
  it("rounds and keeps only existing steps", () => {
    expect(positionsFor(["a"], { a: { x: 1.4, y: 2.6 }, z: { x: 0, y: 0 } })).toEqual({ a: { x: 1, y: 3 } });
  });
});

describe("the definition's layout", () => {
  const def = { triggers: [], start: "a", steps: [{ id: "a", type: "end" }] };
  it("is optional, kept when given, and refuses a position that is not a point", async () => {
    const { FlowDefinition } = await import("../definition");
    expect(FlowDefinition.parse(def).layout).toBeUndefined();
    const laid = { ...def, layout: { positions: { a: { x: 1, y: 2 }, gone: { x: 0, y: 0 } } } };
    expect(FlowDefinition.parse(laid).layout).toEqual(laid.layout);
    expect(FlowDefinition.safeParse({ ...def, layout: { positions: { a: { x: "1" } } } }).success).toBe(
      false,
    );
  });
});

describe("moves the canvas saves", () => {
  it("saves a drop and an arrow-key move (position changes with dragging false), not a drag in progress", () => {
    expect(
      settledIds([
        { type: "position", id: "b", position: { x: 5, y: 0 }, dragging: false },
        { type: "position", id: "a", position: { x: 5, y: 0 }, dragging: false },
        { type: "position", id: "a", position: { x: 10, y: 0 }, dragging: false },
      ]),
    ).toEqual(["a", "b"]);
    expect(settledIds([{ type: "position", id: "a", position: { x: 5, y: 0 }, dragging: true }])).toEqual([]);
    // A drag's start carries no position; selecting and measuring move nothing.
    expect(settledIds([{ type: "position", id: "a", dragging: false }])).toEqual([]);
    expect(
      settledIds([
        { type: "select", id: "a" },
        { type: "dimensions", id: "a" },
      ]),
    ).toEqual([]);
    expect(keyMoveGroup(["a", "b"])).toBe("keys:a,b");
  });
});

describe("a focused step on screen", () => {
  it("is inside the view when its whole box is, after pan and zoom", () => {
    const box = { x: 100, y: 50, width: 260, height: 100 };
    const size = { width: 800, height: 560 };
    expect(insideView(box, [0, 0, 1], size)).toBe(true);
    expect(insideView(box, [-200, 0, 1], size)).toBe(false); // panned past its left edge
    expect(insideView({ ...box, x: 700 }, [0, 0, 1], size)).toBe(false); // off the right
    expect(insideView({ ...box, x: 700 }, [0, 0, 0.5], size)).toBe(true); // zoomed out
  });
});
