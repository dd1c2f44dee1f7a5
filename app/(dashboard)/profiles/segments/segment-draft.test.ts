import { describe, expect, it } from "vitest";
import { SegmentDefinition, segmentExample } from "@/lib/audiences/segments/definition";
import { blankCondition, fromDefinition, toDefinition, type AttributeChoice } from "./segment-draft";

const attributes: AttributeChoice[] = [
  { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
  { key: "spend", label: "Spend", type: "number", choices: null },
  { key: "member", label: "Member", type: "boolean", choices: null },
];

describe("the builder's draft and the definition", () => {
  it("a saved definition comes back the same through the draft", () => {
    const definition = SegmentDefinition.parse(segmentExample.definition);
    expect(toDefinition(fromDefinition(definition), attributes)).toEqual(definition);
    const activity = SegmentDefinition.parse({
      match: "any",
      groups: [
        {
          match: "all",
          conditions: [
            { kind: "activity", event: "clicked", op: "did_not", withinDays: 30 },
            { kind: "channel", rcs: "unknown" },
            { kind: "field", field: "age", op: "greater", value: 30 },
            { kind: "field", field: "city", op: "any_of", value: ["Pune", "Mumbai"] },
            { kind: "attribute", key: "member", op: "is", value: true },
            { kind: "attribute", key: "spend", op: "is_set" },
          ],
        },
      ],
    });
    expect(toDefinition(fromDefinition(activity), attributes)).toEqual(activity);
  });

  it("typed text becomes the value the type takes; what is not one is sent as typed for the server to refuse", () => {
    const c = (over: object) => ({ ...blankCondition("attribute", attributes), ...over });
    const g = (conditions: object[]) => ({
      match: "all" as const,
      groups: [{ match: "all" as const, conditions }],
    });
    const d = toDefinition(
      g([
        c({ key: "spend", op: "greater", value: " 12.5 " }),
        c({ key: "spend", op: "less", value: "lots" }),
        c({ key: "plan", op: "any_of", values: ["Gold"] }),
        c({ key: "plan", op: "any_of", values: [] }),
        { ...blankCondition("field", attributes), op: "any_of", value: "Pune, , Mumbai" },
      ]) as never,
      attributes,
    );
    expect(d.groups[0]!.conditions).toEqual([
      { kind: "attribute", key: "spend", op: "greater", value: 12.5 },
      { kind: "attribute", key: "spend", op: "less", value: "lots" },
      { kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] },
      { kind: "attribute", key: "plan", op: "any_of", value: undefined },
      { kind: "field", field: "city", op: "any_of", value: ["Pune", "Mumbai"] },
    ]);
  });

  it("a new attribute condition starts on the first attribute with an operator that fits it", () => {
    expect(blankCondition("attribute", attributes)).toMatchObject({ key: "plan", op: "any_of" });
    expect(blankCondition("tags", attributes)).toMatchObject({ op: "any_of", tags: [] });
  });
});
