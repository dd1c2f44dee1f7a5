import { KpiTile } from "@/components/ui/kpi-tile";
import type { CampaignClicks as Clicks } from "@/lib/economics/links/get-campaign-clicks";
import { ClicksChart } from "./clicks-chart";

const n = (v: number) => v.toLocaleString("en-US");
const percent = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/**
 * Who opened the campaign's tracked links (docs/economics.md, "Clicks"): people counted once
 * each and every click, the rate against the recipients who got a link, link previews and
 * bots apart, and the clicks per hour.
 */
export function CampaignClicks({ clicks, timeZone }: { clicks: Clicks; timeZone: string }) {
  return (
    <section aria-labelledby="clicks-heading" className="space-y-2">
      <h2 id="clicks-heading" className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">Clicks</span>: people who opened a tracked link of this
        campaign. Link previews and bots are counted apart, never as clicks.
      </h2>
      {clicks.links === 0 ? (
        <p
          className="rounded-lg bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
          data-testid="clicks-empty"
        >
          {clicks.trackClicks
            ? "No tracked link has gone out yet: links in the messages become short links as they are sent."
            : "Click tracking is off for this campaign: its links were sent as written."}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Campaign clicks">
            <KpiTile label="People who clicked" testId="kpi-unique-clickers">
              {n(clicks.uniqueClickers)}
            </KpiTile>
            <KpiTile label="Clicks" testId="kpi-clicks">
              {n(clicks.clicks)}
            </KpiTile>
            <KpiTile label="Click rate" testId="kpi-click-rate">
              {percent(clicks.clickRate)}
            </KpiTile>
            <KpiTile label="Previews and bots" testId="kpi-previews-bots">
              {n(clicks.previews + clicks.bots)}
            </KpiTile>
          </dl>
          {clicks.hourly.length > 0 ? <ClicksChart hourly={clicks.hourly} timeZone={timeZone} /> : null}
        </>
      )}
    </section>
  );
}
