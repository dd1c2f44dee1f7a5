import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignActions } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-actions";
import { CampaignAudience } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-audience";
import { CampaignBatches } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-batches";
import { CampaignEarnings } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-earnings";
import { CampaignClicks } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-clicks";
import { CampaignCharts } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-charts";
import { CampaignVariants } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-variants";
import { CampaignFailures } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-failures";
import { CampaignKpis } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-kpis";
import { CampaignRounds } from "@/app/(dashboard)/campaigns/[id]/detail/campaign-rounds";
import { LiveProgress } from "@/app/(dashboard)/campaigns/[id]/detail/live-progress";
import { RecipientsTable } from "@/app/(dashboard)/campaigns/[id]/detail/recipients-table";
import { PromotionStatusBadge } from "@/components/campaigns/promotion-status-badge";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { parseTableParams, type SearchParams } from "@/components/ui/data-table-params";
import { formatInZone } from "@/components/ui/format";
import { winnerSentence } from "@/lib/promotions/ab/winner-status";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { recipientStates } from "@/db/schema";
import { RECIPIENTS_PAGEABLE } from "@/lib/promotions/dashboard/list-campaign-recipients";
import { loadCampaignPage } from "@/lib/promotions/dashboard/load-campaign-page";
import { isFinal } from "@/lib/promotions/state-machine";

export const metadata: Metadata = { title: "Campaign" };

/** How the Source row names a campaign's audience by its targetSource (a CSV list otherwise). */
const AUDIENCE_LABEL: Record<string, string> = { SEGMENT: "Segment", TAGS: "Tags" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const user = await requirePage("/campaigns/[id]");
  const ctx = userCtx(user);
  const biz = user.businessId;
  const { id } = await params;
  const sp = await searchParams;
  const table = parseTableParams(sp, {
    sortable: ["seq"],
    defaultSort: { id: "seq", desc: false },
    defaultPageSize: 25,
  });
  const stateRaw = one(sp.state);
  const state = (recipientStates as readonly string[]).includes(stateRaw)
    ? (stateRaw as (typeof recipientStates)[number])
    : undefined;
  const errorCode = one(sp.code).trim().slice(0, 40) || undefined;
  const {
    p,
    timeZone,
    stats,
    timeline,
    failures,
    recipients,
    batches,
    retryWait,
    audience,
    earned,
    cost,
    clicks,
    variants,
  } = await loadCampaignPage(ctx, biz, id, {
    state,
    errorCode,
    phone: table.q,
    desc: table.sort?.desc ?? false,
    limit: table.pageSize,
    offset: table.offset,
  }).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  });
  // Failures a retry round never sends again (PROMOTIONS_RETRYABLE_CODES): say so beside "Retries".
  const notRetryable = failures.filter((f) => !f.retryable);
  const notRetryableCount = notRetryable.reduce((a, f) => a + f.count, 0);
  const template = (p.template ?? null) as { name?: string; language?: string } | null;
  const templateText = template?.name
    ? `${template.name}${template.language ? ` (${template.language})` : ""}`
    : p.kind === "rcs_campaign"
      ? "per batch"
      : "—";
  const schedule = p.scheduleTime ? formatInZone(p.scheduleTime, timeZone) : "Immediately";
  const facts: Array<[string, string]> = [
    ["Channel", p.channelType === "rcs" ? "RCS" : "Chatapp"],
    ["Template", templateText],
    ["Created", formatInZone(p.createdAt, timeZone)],
    ["Schedule", schedule],
    ["Started", formatInZone(p.startTime, timeZone, { empty: "Not yet" })],
    ["Ends", formatInZone(p.promotionEndTime, timeZone, { empty: "No end time" })],
    [
      "Retries",
      p.retryPromotion
        ? `${p.maxRetries - p.retriesLeft} of ${p.maxRetries} used (round ${p.currentRound})${notRetryableCount ? `; ${notRetryableCount.toLocaleString("en-US")} failed cannot be retried` : ""}`
        : "Off",
    ],
    [
      "Source",
      p.kind === "rcs_campaign"
        ? "Batches sent through the API"
        : `${AUDIENCE_LABEL[p.targetSource] ?? "List"} ${p.targetListName ?? "—"}`,
    ],
  ];
  const live = !isFinal(p.status) && p.status !== "Stopped";
  return (
    <>
      <PageHeader
        eyebrow={p.kind === "rcs_campaign" ? "RCS campaign" : "Campaign"}
        title={p.name}
        actions={
          <>
            <span data-testid="campaign-status">
              <PromotionStatusBadge status={p.status} />
            </span>
            <CampaignActions
              id={p.id}
              name={p.name}
              status={p.status}
              kind={p.kind}
              retryWait={
                retryWait
                  ? { recipients: retryWait.recipients, dueAt: formatInZone(retryWait.dueAt, timeZone) }
                  : null
              }
            />
          </>
        }
      />
      <div className="space-y-6">
        {live ? <LiveProgress promotionId={p.id} /> : null}
        {p.statusReason ? (
          <Alert tone={p.status === "Expired" ? "danger" : "warning"} title={`Why it is ${p.status}`}>
            {p.statusReason}
          </Alert>
        ) : null}
        <Card>
          <CardBody>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
              {facts.map(([k, v]) => (
                <div key={k} className="min-w-0">
                  <dt className="text-slate-600">{k}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
        {p.retryPromotion && notRetryableCount > 0 ? (
          <Alert tone="warning" title="Some failures cannot be retried">
            <span data-testid="not-retryable">
              {notRetryableCount.toLocaleString("en-US")} failed{" "}
              {notRetryableCount === 1 ? "recipient is" : "recipients are"} not sent again by a retry round:{" "}
              {notRetryable
                .map((f) => `${f.errorCode || "no code"} (${f.reason}, ${f.count.toLocaleString("en-US")})`)
                .join("; ")}
              . Sending again cannot fix these: the number or the conversation must change first.
            </span>
          </Alert>
        ) : null}
        {audience ? <CampaignAudience promotionId={p.id} audience={audience} /> : null}
        <CampaignKpis stats={stats} />
        <CampaignClicks clicks={clicks} timeZone={timeZone} />
        <CampaignEarnings earned={earned} cost={cost} />
        {variants ? (
          <CampaignVariants
            report={variants}
            winner={winnerSentence(p.abTest, p.startTime, (d) => formatInZone(d, timeZone))}
          />
        ) : null}
        <CampaignCharts stats={stats} timeline={timeline} timeZone={timeZone} />
        <CampaignRounds stats={stats} />
        <CampaignFailures failures={failures} />
        {batches ? <CampaignBatches {...batches} timeZone={timeZone} /> : null}
        <section aria-labelledby="recipients-heading" className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h2 id="recipients-heading" className="text-base font-semibold text-slate-900">
                Recipients
              </h2>
              <p className="text-sm text-slate-600">
                In list order. Filter by state or error code, or search by phone number.
              </p>
            </div>
            <a
              href={`/campaigns/${p.id}/report`}
              download
              className={buttonClasses("secondary", "sm")}
              data-testid="download-report"
            >
              Download report (CSV)
            </a>
          </div>
          <RecipientsTable
            rows={recipients.rows}
            total={recipients.total}
            timeZone={timeZone}
            filters={{ state: state ?? "", code: errorCode ?? "" }}
            states={recipientStates}
            errorCodes={failures.map((f) => f.errorCode).filter(Boolean)}
          />
          {recipients.capped ? (
            <p className="text-sm text-slate-600">
              More than {RECIPIENTS_PAGEABLE.toLocaleString("en-US")} recipients match: the table pages
              through the first {RECIPIENTS_PAGEABLE.toLocaleString("en-US")}. Filter or search to narrow it,
              or download the report for all of them.
            </p>
          ) : null}
        </section>
      </div>
    </>
  );
}
