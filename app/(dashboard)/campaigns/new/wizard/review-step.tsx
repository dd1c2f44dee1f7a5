import type { LaunchDryRun } from "@/lib/promotions/launch/launch-dry-run";
import { slotsOf, type WizardTemplate } from "@/lib/promotions/wizard/template-slots";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import { estimateFor } from "./delivery-step";
import { MessagePreview } from "./message-preview";
import { slotValues } from "./slot-values";
import type { Audience, WizardForm } from "./wizard-form";

/** "A: offer (en_US); B: offer_v2 (en_US); holdout 10% (sent nothing)", or "None". */
function abSummary(values: WizardForm, setup: WizardSetup, template: WizardTemplate | undefined): string {
  if (!values.abEnabled) return "None";
  const label = (id: string) => {
    const t = setup.templates.find((x) => x.id === id);
    return t ? `${t.name} (${t.language})` : "no template";
  };
  const arms = [
    `${values.firstVariantName}: ${template ? label(template.id) : "no template"}`,
    ...values.variants.map((v) => `${v.name}: ${label(v.templateId)}`),
  ];
  const winner = values.winnerEnabled
    ? `; the winner by ${values.winnerMetric} rate sent to the rest after ${values.winnerTestHours} h (${values.winnerTestShare}% of the others tested)`
    : "";
  return `${arms.join("; ")}; holdout ${values.holdoutPercent}% (sent nothing)${winner}`;
}

/** Step 5: what Launch will do, in one list to read before the click, and the message itself. */
export function ReviewStep({
  values,
  setup,
  audience,
  template,
  dryRun,
}: {
  values: WizardForm;
  setup: WizardSetup;
  audience: Audience | null;
  template: WizardTemplate | undefined;
  /** The dry run with this message (below): its numbers are the launch's. */
  dryRun?: LaunchDryRun | null;
}) {
  const estimate = estimateFor(values, setup, audience);
  const t = audience?.totals;
  const rows: [string, string][] = [
    ["Campaign", values.name],
    audience?.target
      ? [
          audience.target.targetSource === "SEGMENT" ? "Segment" : "Tags",
          `${audience.list.name}${
            audience.target.tagSearchCriteria === "ALL"
              ? " (all of them)"
              : audience.target.tags
                ? " (any of them)"
                : ""
          }: ${audience.list.rowCount.toLocaleString("en-US")} subscribers now, frozen at launch`,
        ]
      : [
          "List",
          audience
            ? `${audience.list.name} (${audience.list.rowCount.toLocaleString("en-US")} valid rows)`
            : "—",
        ],
    [
      "Recipients",
      dryRun
        ? `${dryRun.willSend.toLocaleString("en-US")} will be sent (${dryRun.optedOut.toLocaleString("en-US")} opted out${
            dryRun.noMarketingConsent > 0
              ? `, of which ${dryRun.noMarketingConsent.toLocaleString("en-US")} without a marketing opt-in`
              : ""
          }${
            dryRun.holdout > 0 ? `, ${dryRun.holdout.toLocaleString("en-US")} held out for the A/B test` : ""
          }, ${dryRun.refused.toLocaleString("en-US")} refused rows)`
        : t
          ? `${estimate.recipients.toLocaleString("en-US")} will be sent (${t.optedOut.toLocaleString("en-US")} opted out, ${(t.invalid + t.duplicates).toLocaleString("en-US")} rejected rows)`
          : "—",
    ],
    [
      "Channel and sender",
      `${values.channelType === "rcs" ? "RCS" : "Chat app"}, ${
        setup.senders.find((s) => s.channel === values.channelType && s.sender === values.phoneNumberId)
          ?.label ?? values.phoneNumberId
      }`,
    ],
    ["Template", template ? `${template.name} (${template.language})` : "—"],
    ["A/B test", abSummary(values, setup, template)],
    ["When", values.when === "later" ? `${values.scheduleLocal.replace("T", " ")} ${setup.timeZone}` : "Now"],
    [
      "Pacing",
      values.staggered
        ? `${values.batchSize} recipients every ${values.batchTimer} s`
        : "As fast as the sender allows",
    ],
    ["Retries", values.retryPromotion ? `Up to ${values.maxRetries}` : "None"],
    ["Stops on category change", values.stopOnCategoryUpdate ? "Yes" : "No"],
    ["Link clicks", values.trackClicks ? "Tracked" : "Not tracked"],
    ["Attribution window", `${values.attributionDays} ${values.attributionDays === 1 ? "day" : "days"}`],
    [
      "Ends",
      values.endLocal ? `${values.endLocal.replace("T", " ")} ${setup.timeZone}` : "When everyone is sent",
    ],
    ["Estimated duration", estimate.text],
  ];
  const slots = template ? slotsOf(template) : [];
  const first = audience?.rows[0];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <dl
        className="min-w-0 divide-y divide-slate-100 self-start rounded-md border border-slate-200 bg-white"
        data-testid="launch-summary"
      >
        {rows.map(([k, v]) => (
          <div key={k} className="grid gap-1 px-4 py-2.5 text-sm sm:grid-cols-[14rem_minmax(0,1fr)]">
            <dt className="font-medium text-slate-700">{k}</dt>
            <dd className="break-words text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <section className="min-w-0 space-y-2" aria-labelledby="review-message" data-testid="review-message">
        <h3 id="review-message" className="text-sm font-medium text-slate-800">
          The message as it will be sent{first ? " (to the first recipient)" : ""}
        </h3>
        {template ? (
          <MessagePreview
            template={template}
            slots={slots}
            values={slotValues(slots, values.slots)}
            row={first}
          />
        ) : (
          <p className="text-sm text-slate-600">No template chosen.</p>
        )}
      </section>
    </div>
  );
}
