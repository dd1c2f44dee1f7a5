import type { Metadata } from "next";
import { Suspense, type ComponentProps } from "react";
import { formatMoney } from "@/components/campaigns/cost-by-country";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getOverview } from "@/lib/overview/get-overview";
import { ratesOf, totalOf, type Rates } from "@/lib/overview/schemas";
import { FailuresTable } from "./failures-table";
import { RateChart } from "./rate-chart";
import { SegmentsCard, SegmentsCardLoading } from "./segments-card";
import { StatTile } from "./stat-tile";
import { messagesHref, percent } from "@/components/overview/status-colors";
import { StatusChart } from "./status-chart";
import { StatusTotals } from "./status-totals";

export const metadata: Metadata = { title: "Overview" };

/** "up 2.1 points on the 7 days before" */
function trend(now: number | null, before: number | null): string {
  if (now === null || before === null) return "no earlier week to compare";
  const d = (now - before) * 100;
  if (Math.abs(d) < 0.05) return "same as the 7 days before";
  return `${d > 0 ? "up" : "down"} ${Math.abs(d).toFixed(1)} points on the 7 days before`;
}

const rateHint = (r: { last7: Rates; previous7: Rates }, k: keyof Rates) => trend(r.last7[k], r.previous7[k]);

export default async function Page() {
  const user = await requirePage("/overview");
  const o = await getOverview(userCtx(user), user.businessId);
  const m = o.messages;
  const today = totalOf(m.totals.today);
  const last30 = totalOf(m.totals.last30);
  const busiest = m.days.reduce((a, b) => (totalOf(b) > totalOf(a) ? b : a), m.days[0]!);
  const chartSummary =
    `Messages per day over the last 30 days, by status: ${last30.toLocaleString("en-US")} in all, ` +
    `${today.toLocaleString("en-US")} today, busiest day ${busiest.day} with ${totalOf(busiest).toLocaleString("en-US")}. ` +
    `The table "By status" has every number.`;
  const points = m.days.map((d) => ({ day: d.day, ...ratesOf(d) }));
  const n = (v: number) => v.toLocaleString("en-US");
  const failing = o.callbacksFailing;
  const tiles: ComponentProps<typeof StatTile>[] = [
    {
      testId: "tile-today",
      label: "Messages today",
      value: n(today),
      hint: `${n(totalOf(m.totals.last7))} in 7 days, ${n(last30)} in 30`,
      href: messagesHref(m.starts.today, m.timeZone),
    },
    ...(["delivery", "read"] as const).map((k) => ({
      testId: `tile-${k}`,
      label: `${k === "delivery" ? "Delivery" : "Read"} rate, 7 days`,
      value: percent(m.rates.last7[k]),
      hint: rateHint(m.rates, k),
      href: messagesHref(m.starts.last7, m.timeZone, k === "delivery" ? "delivered" : "read"),
    })),
    {
      testId: "tile-callbacks",
      label: "Callbacks failing now",
      value: n(failing.deliveries),
      tone: failing.deliveries > 0 ? "danger" : "neutral",
      hint:
        failing.deliveries > 0
          ? `to ${failing.endpoints} endpoint${failing.endpoints === 1 ? "" : "s"}, waiting for a retry`
          : "every delivery went through",
      href: "/callbacks?status=pending",
    },
    {
      testId: "tile-templates",
      label: "Templates awaiting review",
      value: n(o.templatesPending),
      tone: o.templatesPending > 0 ? "warning" : "neutral",
      hint: o.templatesPending > 0 ? "they can be sent once approved" : "nothing waiting",
      href: "/templates?status=PENDING",
    },
    ...(o.campaigns.total > 0
      ? [
          {
            testId: "tile-campaigns",
            label: "Running campaigns",
            value: n(o.campaigns.total),
            hint: o.campaigns.active.map((c) => c.name).join(", "),
            href: "/campaigns",
          },
        ]
      : []),
  ];
  const cost = o.campaignCost;
  tiles.push({
    testId: "tile-campaign-cost",
    label: "Campaign cost this month",
    value:
      cost.totals.length > 0
        ? cost.totals.map((t) => formatMoney(t.total, t.currency)).join(" + ")
        : "None yet",
    hint:
      cost.campaigns === 0
        ? "no campaign sent this month"
        : `${n(cost.messages)} charged messages of ${n(cost.campaigns)} campaign${cost.campaigns === 1 ? "" : "s"}${cost.priced < cost.campaigns ? ` (the latest ${n(cost.priced)} priced)` : ""}, by the rate card`,
    href: "/campaigns",
  });
  const rateSummary = `Delivery rate ${percent(m.rates.last7.delivery)} and read rate ${percent(m.rates.last7.read)} over the last 7 days; ${percent(m.rates.last30.delivery)} and ${percent(m.rates.last30.read)} over 30 days.`;
  return (
    <>
      <PageHeader
        title="Overview"
        description={`Your messages, callbacks, templates and campaigns at a glance. Days run midnight to midnight in ${m.timeZone}.`}
      />
      <div className="space-y-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {tiles.map((t) => (
            <StatTile key={t.testId} {...t} />
          ))}
        </div>

        <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
          <Card className="min-w-0 xl:col-span-3">
            <CardHeader
              title="Messages per day"
              description="Last 30 days, each message under its current status."
            />
            <CardBody>
              <StatusChart days={m.days} summary={chartSummary} />
            </CardBody>
          </Card>
          <Card className="min-w-0 xl:col-span-2">
            <CardHeader title="By status" description="Select a number to see those messages." />
            <CardBody>
              <StatusTotals m={m} />
            </CardBody>
          </Card>
        </div>

        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <Card className="min-w-0">
            <CardHeader
              title="Delivery and read rates"
              description="Delivered (or read) out of the messages that left; read out of the delivered."
            />
            <CardBody>
              <RateChart points={points} summary={rateSummary} />
              <p className="mt-2 text-sm text-slate-600">{rateSummary}</p>
            </CardBody>
          </Card>
          <Card className="min-w-0">
            <CardHeader title="Failures by error code" description="Last 30 days, most frequent first." />
            <CardBody>
              <FailuresTable m={m} />
            </CardBody>
          </Card>
        </div>

        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <Suspense fallback={<SegmentsCardLoading />}>
            <SegmentsCard ctx={userCtx(user)} businessId={user.businessId} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
