import { describe, expect, it } from "vitest";
import { flowProblems } from "./flow-problems";
import { graphOrder, outputsOf, setOutput, withoutReferencesTo, type DraftDefinition } from "./step-outputs";

const def = (): DraftDefinition => ({
  triggers: [{ type: "keyword", words: ["hi"] }],
  start: "ask",
  steps: [
    {
      id: "ask",
      type: "ask",
      question: "Pick",
      expect: "choice",
      show: "buttons",
      saveAs: "pick",
      choices: ["Yes", { title: "No", next: "bye" }],
      next: "check",
    },
    {
      id: "check",
      type: "branch",
      rules: [{ when: { variable: "pick", op: "equals", value: "Yes" }, next: "bye" }],
      otherwise: null,
    },
    { id: "bye", type: "end", text: "Bye {{pick}} {{name}}" },
    { id: "lost", type: "send_template", templateName: "promo", next: null },
  ],
});

describe("the builder's graph", () => {
  it("names every output, connects and disconnects them, and orders steps from the start", () => {
    const d = def();
    expect(outputsOf(d.steps[0]!).map((o) => [o.handle, o.label, o.target])).toEqual([
      ["next", "answered", "check"],
      ["choices.0.next", "Yes", null],
      ["choices.1.next", "No", "bye"],
      ["onInvalid", "invalid", null],
      ["onTimeout", "timeout", null],
    ]);
    const wired = setOutput(d.steps[0]!, "choices.0.next", "bye");
    expect((wired.choices as unknown[])[0]).toEqual({ title: "Yes", next: "bye" });
    expect(d.steps[0]!.choices).toEqual(["Yes", { title: "No", next: "bye" }]);
    const cut = withoutReferencesTo(d.steps, "bye");
    expect(cut.flatMap(outputsOf).filter((o) => o.target === "bye")).toEqual([]);
    expect(graphOrder(d).ordered.map((s) => s.id)).toEqual(["ask", "check", "bye", "lost"]);
  });

  it("finds unreachable steps, a branch output to nowhere, an unapproved template, a variable used before set, and zod's issues on their step", () => {
    const d = def();
    const problems = flowProblems(d, { approvedTemplates: [] });
    const on = (id: string) => problems.filter((p) => p.stepId === id).map((p) => p.message);
    expect(on("lost")).toEqual([
      "Not connected: no path from the start reaches this step",
      "Template promo is not approved",
    ]);
    expect(on("check")).toEqual(['"otherwise" leads nowhere: connect it to a step']);
    expect(on("bye")).toEqual(["{{name}} is used before any step sets it"]);
    expect(problems.every((p) => p.severity === "warning")).toBe(true);

    d.steps[0] = { ...d.steps[0]!, choices: ["Yes", "No", "Maybe", "Later"] };
    d.steps[2] = { ...d.steps[2]!, id: "bad id" };
    const errors = flowProblems(d, { approvedTemplates: ["promo"] }).filter((p) => p.severity === "error");
    expect(errors).toContainEqual({
      stepId: "ask",
      path: "choices",
      message: "At most 3 reply buttons; use a list for more",
      severity: "error",
    });
    expect(errors).toContainEqual({
      stepId: "bad id",
      path: "id",
      message: "Letters, digits, - and _ only",
      severity: "error",
    });
  });

  it("a wait-only ask needs no question, but warns when no step before it sends a message", () => {
    const d: DraftDefinition = {
      triggers: [{ type: "api" }],
      start: "w",
      steps: [
        { id: "w", type: "ask", waitOnly: true, saveAs: "answer", next: "tpl" },
        { id: "tpl", type: "send_template", templateName: "promo", next: "w2" },
        { id: "w2", type: "ask", waitOnly: true, saveAs: "again", next: null },
        { id: "q", type: "ask", question: "", saveAs: "q", next: null },
      ],
    };
    const problems = flowProblems(d, { approvedTemplates: ["promo"] });
    const on = (id: string) => problems.filter((p) => p.stepId === id).map((p) => [p.path, p.severity]);
    expect(on("w")).toEqual([["waitOnly", "warning"]]);
    expect(on("w2")).toEqual([]);
    expect(on("q")).toContainEqual(["question", "error"]);
  });
});
