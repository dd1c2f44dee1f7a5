import type { Metadata } from "next";
import { CampaignTabs } from "@/components/campaigns/campaign-tabs";
import { AddOptOutsDialog } from "@/components/campaigns/list/add-opt-outs-dialog";
import { ImportOptOutsDialog } from "@/components/campaigns/list/import-opt-outs-dialog";
import { OptOutsTable } from "@/components/campaigns/list/opt-outs-table";
import { parseTableParams, type SearchParams } from "@/components/ui/data-table-params";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { listOptOuts } from "@/lib/promotions/opt-outs/list-opt-outs";
import { addOptOutsAction, removeOptOutsAction } from "./actions";

export const metadata: Metadata = { title: "Opt-outs" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage("/campaigns/opt-outs");
  const table = parseTableParams(await searchParams, { defaultPageSize: 25 });
  const ctx = userCtx(user);
  // The same read as GET /api/v3/optouts (pages from 0 there).
  const [page, timeZone] = await Promise.all([
    listOptOuts(ctx, user.businessId, { page: table.page - 1, size: table.pageSize, search: table.q }),
    getTimeZone(ctx, user.businessId),
  ]);
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Numbers that never receive a campaign: customers who replied STOP or UNSUBSCRIBE, and numbers added here or through the API (/api/v3/optouts)."
        actions={
          <>
            <ImportOptOutsDialog />
            <AddOptOutsDialog add={addOptOutsAction} />
          </>
        }
      />
      <CampaignTabs current="/campaigns/opt-outs" />
      <OptOutsTable
        rows={page.optOuts}
        total={page.totalItems}
        timeZone={timeZone}
        remove={removeOptOutsAction}
      />
    </>
  );
}
