import type { Path, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import type { Channel } from "@/lib/businesses/schemas";
import type { ListPreview } from "@/lib/promotions/lists/preview-list";
import {
  valuesFromComponents,
  type SlotValue,
  type WizardTemplate,
} from "@/lib/promotions/wizard/template-slots";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import type { AudiencePreview } from "@/lib/promotions/wizard/preview-audience";
import { DEFAULT_ATTRIBUTION_WINDOW_HOURS } from "@/lib/promotions/launch/schemas";
import { variantName, winnerInput } from "@/lib/promotions/ab/schemas";
import { winnerMetrics } from "@/db/schema/ab-test";
import { formSlots } from "./slot-values";

const slotValue = z.object({ kind: z.enum(["column", "text", "template", "upload"]), value: z.string() });

/** A/B variants after the first (whose template and values are the message step's). */
const variant = z.object({
  name: z.string(),
  templateId: z.string(),
  slots: z.record(z.string(), slotValue),
});

/** Most variants besides the first: E1's abTest takes 2 to 4. */
export const MAX_MORE_VARIANTS = 3;

/** The audience kinds that are lists (stored, uploaded or written from profiles). */
const LIST_SOURCES = new Set(["csv", "list", "profiles"]);
const count = (max: number) => z.number({ error: "A whole number" }).int("A whole number").min(0).max(max);

/** Every field of the wizard: one form, validated step by step (STEP_FIELDS). */
export const wizardForm = z
  .object({
    name: z.string().trim().min(1, "Name the campaign").max(200, "At most 200 characters"),
    source: z.enum(["csv", "list", "profiles", "segment", "tags"]),
    // Required for the list sources (superRefine): a segment or tags audience has no list name.
    listName: z.string().trim().max(200, "At most 200 characters"),
    segmentId: z.string(),
    tags: z.array(z.string()).max(50, "At most 50 tags"),
    tagSearchCriteria: z.enum(["ANY", "ALL"]),
    city: z.string().max(100),
    gender: z.string().max(100),
    // An empty number input is NaN (valueAsNumber): no bound.
    minAge: z.number().int("A whole number").min(0).max(150).or(z.nan()).optional(),
    maxAge: z.number().int("A whole number").min(0).max(150).or(z.nan()).optional(),
    phoneColumn: z.string(),
    defaultCountry: z.string(),
    channelType: z.enum(["chatapp", "rcs"]),
    phoneNumberId: z.string().min(1, "Choose the sender"),
    templateId: z.string().min(1, "Choose an approved template"),
    slots: z.record(z.string(), slotValue),
    abEnabled: z.boolean(),
    firstVariantName: z.string(),
    variants: z.array(variant).max(MAX_MORE_VARIANTS, "At most 4 variants"),
    holdoutPercent: z
      .number({ error: "A whole percent from 0 to 50" })
      .int("A whole percent")
      .min(0, "At least 0%")
      .max(50, "At most 50%: half the audience"),
    // "Send the winner to the rest": checked by E1's own rules (winnerInput) when it is on.
    winnerEnabled: z.boolean(),
    winnerTestShare: z.number().or(z.nan()),
    winnerTestHours: z.number().or(z.nan()),
    winnerMetric: z.enum(winnerMetrics),
    when: z.enum(["now", "later"]),
    scheduleLocal: z.string(),
    staggered: z.boolean(),
    batchSize: count(1_000_000),
    batchTimer: count(86_400),
    retryPromotion: z.boolean(),
    maxRetries: count(10),
    stopOnCategoryUpdate: z.boolean(),
    endLocal: z.string(),
    trackClicks: z.boolean(),
    // E1's attributionWindow is in hours, at most a year; the wizard asks in days.
    attributionDays: z
      .number({ error: "A whole number of days" })
      .int("A whole number of days")
      .min(1, "At least 1 day")
      .max(365, "At most 365 days"),
  })
  .superRefine((f, ctx) => {
    if (LIST_SOURCES.has(f.source) && !f.listName)
      ctx.addIssue({
        code: "custom",
        path: ["listName"],
        message: "Name the list the recipients are stored in",
      });
    if (f.source === "segment" && !f.segmentId)
      ctx.addIssue({ code: "custom", path: ["segmentId"], message: "Choose a segment" });
    if (f.source === "tags" && f.tags.length === 0)
      ctx.addIssue({ code: "custom", path: ["tags"], message: "Choose at least one tag" });
    if (f.abEnabled) checkVariants(f, ctx);
    if (f.abEnabled && f.winnerEnabled) checkWinner(f, ctx);
    if (f.when === "later" && !f.scheduleLocal)
      ctx.addIssue({ code: "custom", path: ["scheduleLocal"], message: "Choose the date and time to send" });
    if (f.staggered && f.batchSize < 1)
      ctx.addIssue({ code: "custom", path: ["batchSize"], message: "At least 1 recipient per batch" });
    if (f.staggered && f.batchTimer < 1)
      ctx.addIssue({ code: "custom", path: ["batchTimer"], message: "At least 1 second between batches" });
    if (f.retryPromotion && f.maxRetries < 1)
      ctx.addIssue({ code: "custom", path: ["maxRetries"], message: "At least 1 retry" });
    if (f.minAge != null && f.maxAge != null && f.minAge > f.maxAge)
      ctx.addIssue({ code: "custom", path: ["maxAge"], message: "Not below the lowest age" });
  });

export type WizardForm = z.infer<typeof wizardForm>;

/** E1's `abTest.winner` rules (winnerInput) on the wizard's fields, each error on its field. */
const WINNER_FIELDS = {
  testShare: "winnerTestShare",
  testHours: "winnerTestHours",
  metric: "winnerMetric",
} as const;
function checkWinner(
  f: { winnerTestShare: number; winnerTestHours: number; winnerMetric: string },
  ctx: z.RefinementCtx,
) {
  const parsed = winnerInput.safeParse(winnerBody(f));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = WINNER_FIELDS[issue.path[0] as keyof typeof WINNER_FIELDS];
    const nan = Number.isNaN(f[field as "winnerTestShare"]);
    ctx.addIssue({ code: "custom", path: [field], message: nan ? "A whole number" : issue.message });
  }
}

/** E1's `abTest.winner` from the wizard's fields. */
export function winnerBody(f: { winnerTestShare: number; winnerTestHours: number; winnerMetric: string }) {
  return { testShare: f.winnerTestShare, testHours: f.winnerTestHours, metric: f.winnerMetric };
}

/** The A/B test's rules as E1 checks them (variantName, 2-4 variants), on the wizard's fields. */
function checkVariants(
  f: { firstVariantName: string; variants: { name: string; templateId: string }[] },
  ctx: z.RefinementCtx,
) {
  if (f.variants.length === 0)
    ctx.addIssue({ code: "custom", path: ["variants"], message: "Add a second variant to compare" });
  const names = [f.firstVariantName, ...f.variants.map((v) => v.name)];
  const seen = new Set<string>();
  names.forEach((raw, i) => {
    const path = i === 0 ? ["firstVariantName"] : ["variants", i - 1, "name"];
    const parsed = variantName.safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path, message: parsed.error.issues[0]?.message ?? "Invalid name" });
      return;
    }
    const key = parsed.data.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: "custom", path, message: "Each variant needs its own name" });
    seen.add(key);
  });
  f.variants.forEach((v, i) => {
    if (!v.templateId)
      ctx.addIssue({ code: "custom", path: ["variants", i, "templateId"], message: "Choose a template" });
  });
}
export type { SlotValue };

export const STEPS = ["Audience", "Columns and dry run", "Message", "Delivery", "Review and launch"] as const;

/** The fields each step checks before Next. */
export const STEP_FIELDS: (keyof WizardForm)[][] = [
  [
    "name",
    "source",
    "listName",
    "segmentId",
    "tags",
    "tagSearchCriteria",
    "city",
    "gender",
    "minAge",
    "maxAge",
  ],
  ["phoneColumn", "defaultCountry"],
  [
    "channelType",
    "phoneNumberId",
    "templateId",
    "slots",
    "abEnabled",
    "firstVariantName",
    "variants",
    "holdoutPercent",
    "winnerEnabled",
    "winnerTestShare",
    "winnerTestHours",
    "winnerMetric",
  ],
  [
    "when",
    "scheduleLocal",
    "staggered",
    "batchSize",
    "batchTimer",
    "retryPromotion",
    "maxRetries",
    "endLocal",
    "trackClicks",
    "attributionDays",
  ],
  [],
];

/** The server's error paths (E1 body, list upload) as the wizard's field and step. */
export function fieldOfPath(path: string, message: string): { field: Path<WizardForm>; step: number } | null {
  const [root = "", ...rest] = path.split(".");
  if (root === "abTest") return abTestField(rest);
  if (root === "name" && /target list/i.test(message)) return { field: "listName", step: 0 };
  const map: Record<string, keyof WizardForm> = {
    name: "name",
    listName: "listName",
    city: "city",
    gender: "gender",
    minAge: "minAge",
    maxAge: "maxAge",
    file: "phoneColumn",
    phoneColumn: "phoneColumn",
    defaultCountry: "defaultCountry",
    segmentId: "segmentId",
    segmentName: "segmentId",
    targetSource: "segmentId",
    tags: "tags",
    tagSearchCriteria: "tagSearchCriteria",
    channelType: "channelType",
    channel: "channelType",
    phoneNumberId: "phoneNumberId",
    template: "templateId",
    scheduleTime: "scheduleLocal",
    scheduledTime: "scheduleLocal",
    batchSize: "batchSize",
    batchTimer: "batchTimer",
    maxRetries: "maxRetries",
    promotionEndTime: "endLocal",
    trackClicks: "trackClicks",
    attributionWindow: "attributionDays",
    expiry: "endLocal",
  };
  const field = map[root];
  if (!field) return null;
  return { field, step: STEP_FIELDS.findIndex((fields) => fields.includes(field)) };
}

/** An `abTest.*` error path: variant 0 is the message step's, the others the A/B section's. */
function abTestField(rest: string[]): { field: Path<WizardForm>; step: number } {
  const [what, index, part] = rest;
  const i = Number(index);
  if (what === "holdoutPercent") return { field: "holdoutPercent", step: 2 };
  if (what === "winner") {
    const field = WINNER_FIELDS[index as keyof typeof WINNER_FIELDS] ?? "winnerEnabled";
    return { field, step: 2 };
  }
  if (what !== "variants" || !Number.isInteger(i)) return { field: "variants", step: 2 };
  if (i === 0) return { field: part === "name" ? "firstVariantName" : "templateId", step: 2 };
  const more = Math.min(i - 1, MAX_MORE_VARIANTS - 1);
  return { field: part === "name" ? `variants.${more}.name` : `variants.${more}.templateId`, step: 2 };
}

/**
 * Batch size, pause and retries a switched-on option starts from: a thousand recipients a
 * minute keeps a campaign steady without overrunning a sender, and three retries is the
 * spec's sample (docs/decisions/campaign-dry-run-and-launch.md).
 */
export const DELIVERY_DEFAULTS = { batchSize: 1000, batchTimer: 60, maxRetries: 3 } as const;

/** The sender a channel starts with: the one chosen when it is on that channel, else its first. */
export function senderFor(setup: WizardSetup, channel: Channel, current: string): string {
  const senders = setup.senders.filter((s) => s.channel === channel);
  return senders.some((s) => s.sender === current) ? current : (senders[0]?.sender ?? "");
}

/** The slots of a stored variant's components, when its template is still offered. */
function storedSlots(template: WizardTemplate | undefined, components: unknown): WizardForm["slots"] {
  return template ? formSlots(valuesFromComponents(template, components)) : {};
}

/**
 * The wizard's first values: empty, or a promotion's settings ("duplicate as new"): its
 * audience of the same kind (its list, segment or tags with ANY/ALL), template and values, A/B
 * test.
 */
export function initialValues(setup: WizardSetup): WizardForm {
  const d = setup.draft;
  const template = setup.templates.find((t) => t.id === d?.templateId);
  const channelType = d?.channelType ?? "chatapp";
  const audience = d?.audience;
  const ab = d?.abTest ?? null;
  const offered = (id: string) => setup.templates.find((t) => t.id === id && t.channel === channelType);
  return {
    name: d?.name ?? "",
    source:
      audience?.source === "segment" || audience?.source === "tags"
        ? audience.source
        : audience?.listName
          ? "list"
          : "csv",
    listName: audience?.source === "list" ? audience.listName : "",
    segmentId: audience?.source === "segment" ? audience.segmentId : "",
    tags: audience?.source === "tags" ? audience.tags : [],
    tagSearchCriteria: audience?.source === "tags" ? audience.criteria : "ANY",
    city: "",
    gender: "",
    minAge: undefined,
    maxAge: undefined,
    phoneColumn: "",
    defaultCountry: setup.defaultCountry ?? "",
    channelType,
    phoneNumberId: senderFor(setup, channelType, d?.phoneNumberId ?? ""),
    templateId: template?.id ?? "",
    slots: d ? storedSlots(template, d.components) : {},
    abEnabled: ab !== null,
    firstVariantName: ab?.firstVariantName ?? "A",
    variants: (ab?.variants ?? []).map((v) => {
      const t = offered(v.templateId);
      return { name: v.name, templateId: t?.id ?? "", slots: storedSlots(t, v.components) };
    }),
    holdoutPercent: ab?.holdoutPercent ?? 10,
    // A fifth of the audience in the test for a day, by read rate: working values once switched on.
    winnerEnabled: Boolean(ab?.winner),
    winnerTestShare: ab?.winner?.testShare ?? 20,
    winnerTestHours: ab?.winner?.testHours ?? 24,
    winnerMetric: ab?.winner?.metric ?? "read",
    when: "now",
    scheduleLocal: "",
    staggered: d?.staggered ?? false,
    // Working values the moment a switch is turned on (0 would be refused); sent only when on.
    batchSize: d?.batchSize || DELIVERY_DEFAULTS.batchSize,
    batchTimer: d?.batchTimer || DELIVERY_DEFAULTS.batchTimer,
    retryPromotion: d?.retryPromotion ?? false,
    maxRetries: d?.maxRetries || DELIVERY_DEFAULTS.maxRetries,
    stopOnCategoryUpdate: d?.stopOnCategoryUpdate ?? false,
    endLocal: "",
    trackClicks: d?.trackClicks ?? true,
    attributionDays: d
      ? Math.max(1, Math.round(d.attributionWindow / 24))
      : DEFAULT_ATTRIBUTION_WINDOW_HOURS / 24,
  };
}

/**
 * The audience the later steps work on: a stored list with its first rows and totals, or a
 * segment's or tags' preview (`target` set: the rows the launch would freeze, nothing stored).
 */
export type Audience = ListPreview &
  Partial<Pick<AudiencePreview, "target" | "audienceName" | "columnLabels">>;

/** What the message and delivery steps are given: the form, the business's setup, the audience. */
export type StepProps = { form: UseFormReturn<WizardForm>; setup: WizardSetup; audience: Audience | null };

export type { WizardTemplate };
