import type { Metadata } from "next";
import { CampaignTabs } from "@/components/campaigns/campaign-tabs";
import { CampaignFiltersForm } from "@/components/campaigns/list/campaign-filters-form";
import { CampaignsTable } from "@/components/campaigns/list/campaigns-table";
import { RefreshWhileRunning } from "@/components/campaigns/list/refresh-while-running";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { parseTableParams, type SearchParams } from "@/components/ui/data-table-params";
import { Icon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import {
  campaignFilters,
  campaignSortable,
  RUNNING_STATUSES,
  type CampaignFilters,
} from "@/lib/promotions/dashboard/campaign-filters";
import { listCampaigns } from "@/lib/promotions/dashboard/list-campaigns";

export const metadata: Metadata = { title: "Campaigns" };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage("/campaigns");
  const sp = await searchParams;
  const table = parseTableParams(sp, {
    sortable: campaignSortable,
    defaultSort: { id: "createdAt", desc: true },
    defaultPageSize: 25,
  });
  const raw = { channel: one(sp.channel), status: one(sp.status), from: one(sp.from), to: one(sp.to) };
  // A hand-edited URL with a bad filter shows all campaigns and says which filter was ignored.
  const parsed = campaignFilters.safeParse(raw);
  const filters: CampaignFilters = parsed.success
    ? parsed.data
    : { channel: "", status: "", from: "", to: "" };
  const ctx = userCtx(user);
  const timeZone = await getTimeZone(ctx, user.businessId);
  const { rows, total } = await listCampaigns(ctx, user.businessId, {
    filters,
    q: table.q,
    sort: table.sort,
    limit: table.pageSize,
    offset: table.offset,
    timeZone,
  });
  const running = rows.some((r) => (RUNNING_STATUSES as readonly string[]).includes(r.status));
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Promotions and RCS campaigns, launched here or through the API: each sends one approved template to a list of numbers."
        actions={
          <ButtonLink href="/campaigns/new" icon={<Icon name="plus" className="size-4" />}>
            New campaign
          </ButtonLink>
        }
      />
      <CampaignTabs current="/campaigns" />
      {parsed.success ? null : (
        <div className="mb-4">
          <Alert tone="warning">
            A filter in the address was not understood ({parsed.error.issues[0]?.message}); showing all
            campaigns.
          </Alert>
        </div>
      )}
      <CampaignFiltersForm initial={filters} />
      <CampaignsTable
        rows={rows}
        total={total}
        timeZone={timeZone}
        filtered={Object.values(filters).some((v) => v !== "")}
      />
      <RefreshWhileRunning running={running} />
    </>
  );
}
