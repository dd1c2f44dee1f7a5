import { describe, expect, it } from "vitest";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import { launchBody } from "./launch-body";
import { fieldOfPath, initialValues, wizardForm, type WizardForm } from "./wizard-form";

const setup = {
  defaultCountry: null,
  timeZone: "UTC",
  senders: [],
  templates: [],
  lists: [],
  segments: [],
  tags: [],
  draft: null,
  mediaBase: "",
} as WizardSetup;
const base = (): WizardForm => ({
  ...initialValues(setup),
  name: "Offer",
  listName: "customers",
  phoneNumberId: "sim1",
  templateId: "t1",
});
const issues = (v: WizardForm) => {
  const r = wizardForm.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the wizard's audience and A/B fields", () => {
  it("needs a list name only for the list sources, a segment or a tag for theirs", () => {
    expect(issues(base())).toEqual([]);
    expect(issues({ ...base(), listName: "" })).toEqual([
      "listName: Name the list the recipients are stored in",
    ]);
    expect(issues({ ...base(), source: "segment", listName: "" })).toEqual(["segmentId: Choose a segment"]);
    expect(issues({ ...base(), source: "tags", listName: "" })).toEqual(["tags: Choose at least one tag"]);
    expect(issues({ ...base(), source: "tags", listName: "", tags: ["VIP"] })).toEqual([]);
  });

  it("checks an A/B test by E1's rules: a second variant, names, templates, holdout 0-50", () => {
    const ab = { ...base(), abEnabled: true };
    expect(issues(ab)).toEqual(["variants: Add a second variant to compare"]);
    const b = { name: "B", templateId: "t2", slots: {} };
    expect(issues({ ...ab, variants: [b] })).toEqual([]);
    expect(issues({ ...ab, variants: [{ ...b, name: "a" }] })).toEqual([
      "variants.0.name: Each variant needs its own name",
    ]);
    expect(issues({ ...ab, variants: [{ ...b, name: "Holdout", templateId: "" }] })).toEqual([
      "variants.0.name: 'holdout' names the arm that is sent nothing",
      "variants.0.templateId: Choose a template",
    ]);
    expect(issues({ ...ab, variants: [b], holdoutPercent: 60 })).toEqual([
      "holdoutPercent: At most 50%: half the audience",
    ]);
    expect(issues({ ...ab, variants: [b], holdoutPercent: 2.5 })).toEqual([
      "holdoutPercent: A whole percent",
    ]);
    expect(issues({ ...ab, variants: [b, b, b, b].map((v, i) => ({ ...v, name: `V${i}` })) })).toEqual([
      "variants: At most 4 variants",
    ]);
    // Off, the section's fields are not checked.
    expect(issues({ ...base(), variants: [{ ...b, name: "" }] })).toEqual([]);
  });

  it("puts E1's errors on the wizard's fields and steps", () => {
    expect(fieldOfPath("abTest.holdoutPercent", "")).toEqual({ field: "holdoutPercent", step: 2 });
    expect(fieldOfPath("abTest.variants.0.name", "")).toEqual({ field: "firstVariantName", step: 2 });
    expect(fieldOfPath("abTest.variants.2.template.name", "")).toEqual({
      field: "variants.1.templateId",
      step: 2,
    });
    expect(fieldOfPath("tags.3", "No tag named 'x'")).toEqual({ field: "tags", step: 0 });
    expect(fieldOfPath("segmentId", "No matching subscriber")).toEqual({ field: "segmentId", step: 0 });
  });

  it("'Send the winner to the rest': E1's rules on its fields, only when it is on", () => {
    const b = { name: "B", templateId: "t2", slots: {} };
    const ab = { ...base(), abEnabled: true, variants: [b] };
    expect(issues({ ...ab, winnerEnabled: true })).toEqual([]);
    expect(issues({ ...ab, winnerEnabled: true, winnerTestShare: 4, winnerTestHours: 169 })).toEqual([
      "winnerTestShare: At least 5%",
      "winnerTestHours: At most 168 hours (a week)",
    ]);
    expect(issues({ ...ab, winnerEnabled: true, winnerTestShare: NaN, winnerTestHours: 1.5 })).toEqual([
      "winnerTestShare: A whole number",
      "winnerTestHours: Whole hours",
    ]);
    // Off (or the A/B test off), its fields are not checked nor sent.
    expect(issues({ ...ab, winnerTestShare: 99 })).toEqual([]);
    expect(issues({ ...base(), winnerEnabled: true, winnerTestShare: 99 })).toEqual([]);
    expect(fieldOfPath("abTest.winner.testHours", "")).toEqual({ field: "winnerTestHours", step: 2 });
    expect(fieldOfPath("abTest.winner", "")).toEqual({ field: "winnerEnabled", step: 2 });
  });

  it("submits abTest.winner when it is on", () => {
    const tpl = { id: "t1", name: "offer", language: "en_US", channel: "chatapp", components: [] } as never;
    const b = { name: "B", templateId: "t1", slots: {} };
    const on = { ...base(), abEnabled: true, variants: [b], winnerEnabled: true, winnerTestShare: 30 };
    expect(launchBody(on, tpl, "UTC").abTest).toMatchObject({
      holdoutPercent: 10,
      winner: { testShare: 30, testHours: 24, metric: "read" },
    });
    expect(launchBody({ ...on, winnerEnabled: false }, tpl, "UTC").abTest).not.toHaveProperty("winner");
  });
});
