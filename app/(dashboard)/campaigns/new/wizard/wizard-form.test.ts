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

  it("seeds the A/B draw with the given seed (the launch key), so the dry run's holdout is the launch's", () => {
    const tpl = { id: "t1", name: "offer", language: "en_US", channel: "chatapp", components: [] } as never;
    const on = { ...base(), abEnabled: true, variants: [{ name: "B", templateId: "t1", slots: {} }] };
    expect(launchBody(on, tpl, "UTC", { seed: "dashboard-k1" }).abTest).toMatchObject({
      seed: "dashboard-k1",
    });
    expect(launchBody(on, tpl, "UTC").abTest).not.toHaveProperty("seed");
  });
});

describe("duplicate as new", () => {
  const template = (id: string) => ({
    id,
    name: `tpl_${id}`,
    language: "en_US",
    channel: "chatapp" as const,
    category: "MARKETING",
    components: [{ type: "BODY", text: "Hi {{1}}, {{2}}" }],
    rcsCard: null,
    images: [],
  });
  const body = (offer: string) => [
    {
      type: "BODY",
      variables: [
        { type: "text", value: "${name}" },
        { type: "text", value: offer },
      ],
    },
  ];
  const draft = {
    name: "VIP offer (copy)",
    channelType: "chatapp",
    phoneNumberId: "sim1",
    templateId: "t1",
    components: body("10% off"),
    batchSize: 0,
    batchTimer: 0,
    staggered: false,
    retryPromotion: false,
    maxRetries: 0,
    stopOnCategoryUpdate: false,
    trackClicks: true,
    attributionWindow: 48,
  } as const;
  const withDraft = (d: Partial<NonNullable<WizardSetup["draft"]>>) =>
    ({
      ...setup,
      senders: [{ channel: "chatapp", sender: "sim1", perSecond: 10, label: "Sim" }],
      templates: [template("t1"), template("t2")],
      draft: { ...draft, audience: { source: "list", listName: "" }, abTest: null, ...d },
    }) as WizardSetup;

  it("opens on the campaign's segment or tags, not a CSV step, with its A/B test", () => {
    const onSegment = initialValues(
      withDraft({
        audience: { source: "segment", segmentId: "s1" },
        abTest: {
          firstVariantName: "Ten",
          first: { templateId: "t1", components: body("10% off") },
          variants: [{ name: "Twenty", templateId: "t2", components: body("20% off") }],
          holdoutPercent: 15,
          winner: { testShare: 40, testHours: 6, metric: "clicked" },
        },
      }),
    );
    expect(onSegment).toMatchObject({
      source: "segment",
      segmentId: "s1",
      listName: "",
      templateId: "t1",
      slots: { body_1: { kind: "column", value: "name" }, body_2: { kind: "text", value: "10% off" } },
      abEnabled: true,
      firstVariantName: "Ten",
      variants: [
        {
          name: "Twenty",
          templateId: "t2",
          slots: { body_1: { kind: "column", value: "name" }, body_2: { kind: "text", value: "20% off" } },
        },
      ],
      holdoutPercent: 15,
      winnerEnabled: true,
      winnerTestShare: 40,
      winnerTestHours: 6,
      winnerMetric: "clicked",
      attributionDays: 2,
    });
    expect(issues({ ...onSegment, name: "x" })).toEqual([]);

    expect(
      initialValues(withDraft({ audience: { source: "tags", tags: ["VIP", "Gold"], criteria: "ALL" } })),
    ).toMatchObject({ source: "tags", tags: ["VIP", "Gold"], tagSearchCriteria: "ALL", abEnabled: false });
    expect(initialValues(withDraft({ audience: { source: "list", listName: "vip" } }))).toMatchObject({
      source: "list",
      listName: "vip",
    });
    expect(initialValues(withDraft({}))).toMatchObject({ source: "csv", listName: "" });
  });
});
