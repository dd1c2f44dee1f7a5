import { describe, expect, it } from "vitest";
import { FlowDefinition } from "../definition";
import { firstSendingSteps, sendsFreeForm } from "./window-rule";

const def = (steps: object[], start = "a") =>
  FlowDefinition.parse({ triggers: [{ type: "api" }], start, steps });

describe("firstSendingSteps", () => {
  it("follows every way through the steps that send nothing, up to the first that sends", () => {
    const d = def([
      { id: "a", type: "set_variable", variable: "x", value: "1", next: "b" },
      {
        id: "b",
        type: "branch",
        rules: [{ when: { variable: "x", op: "is_set" }, next: "h" }],
        otherwise: "w",
      },
      {
        id: "h",
        type: "http_request",
        method: "GET",
        url: "https://example.test/x",
        next: "t",
        onFailure: "e",
      },
      { id: "w", type: "wait", minutes: 5, next: "b" },
      { id: "t", type: "send_template", templateName: "hello", next: "s" },
      { id: "s", type: "send_text", text: "after the template" },
      { id: "e", type: "end", text: "Sorry" },
    ]);
    expect(firstSendingSteps(d).map((s) => s.id)).toEqual(["t", "e"]);
  });

  it("a handover or end without text sends nothing; with text it is free-form", () => {
    const d = def([
      { id: "a", type: "set_conversation", state: "pending", next: "z" },
      { id: "z", type: "end" },
    ]);
    expect(firstSendingSteps(d)).toEqual([]);
    expect(sendsFreeForm(def([{ id: "a", type: "handover", text: "A colleague" }]).steps[0]!)).toBe(true);
    expect(sendsFreeForm(def([{ id: "a", type: "ask", question: "?", saveAs: "q" }]).steps[0]!)).toBe(true);
  });

  it("a wait-only ask sends nothing: template -> wait-only ask is allowed; only its timeout way goes on unanswered", () => {
    const d = def([
      { id: "a", type: "send_template", templateName: "order_update", next: "w" },
      {
        id: "w",
        type: "ask",
        waitOnly: true,
        expect: "choice",
        choices: ["Track", "Talk to us"],
        saveAs: "choice",
        next: "s",
      },
      { id: "s", type: "send_text", text: "Thanks" },
    ]);
    expect(sendsFreeForm(d.steps[1]!)).toBe(false);
    expect(firstSendingSteps(d).map((s) => s.id)).toEqual(["a"]);

    // Started on the wait-only ask itself: its answer's ways follow a customer message (the
    // window is open then), its timeout does not.
    const first = def(
      [
        { id: "w", type: "ask", waitOnly: true, saveAs: "x", next: "s", onInvalid: "i", onTimeout: "t" },
        { id: "s", type: "send_text", text: "Thanks" },
        { id: "i", type: "send_text", text: "Sorry" },
        { id: "t", type: "send_text", text: "Still there?" },
      ],
      "w",
    );
    expect(firstSendingSteps(first).map((s) => s.id)).toEqual(["t"]);
  });
});

describe("the ask's question", () => {
  it("is required unless the ask only waits; a wait-only ask that asks again needs its retry text", () => {
    const parse = (ask: object) =>
      FlowDefinition.safeParse({
        triggers: [{ type: "api" }],
        start: "a",
        steps: [{ id: "a", type: "ask", saveAs: "x", ...ask }],
      });
    expect(parse({}).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["steps.0.question", "Write the question"],
    ]);
    expect(parse({ question: "?" }).success).toBe(true);
    expect(parse({ waitOnly: true }).success).toBe(true);
    expect(parse({ waitOnly: true, retryText: "" }).error?.issues[0]?.path.join(".")).toBe(
      "steps.0.retryText",
    );
    expect(parse({ waitOnly: true, retryText: "", retries: 0 }).success).toBe(true);
  });
});
