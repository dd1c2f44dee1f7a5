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
});
