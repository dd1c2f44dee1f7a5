import type { Metadata } from "next";
import { CampaignTabs } from "@/components/campaigns/campaign-tabs";
import { ListsTable } from "@/components/campaigns/list/lists-table";
import { UploadListDialog } from "@/components/campaigns/list/upload-list-dialog";
import { parseTableParams, type SearchParams } from "@/components/ui/data-table-params";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { listTargetLists, targetListSortable } from "@/lib/promotions/dashboard/list-target-lists";
import { deleteListAction } from "./actions";

export const metadata: Metadata = { title: "Campaign lists" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage("/campaigns/lists");
  const table = parseTableParams(await searchParams, {
    sortable: targetListSortable,
    defaultSort: { id: "createdAt", desc: true },
    defaultPageSize: 25,
  });
  const ctx = userCtx(user);
  const [{ rows, total }, timeZone] = await Promise.all([
    listTargetLists(ctx, user.businessId, {
      q: table.q,
      sort: table.sort,
      limit: table.pageSize,
      offset: table.offset,
    }),
    getTimeZone(ctx, user.businessId),
  ]);
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="CSV lists of numbers that campaigns are sent to. A campaign copies its list's rows at launch, so changing or deleting a list never changes a launched campaign."
        actions={<UploadListDialog />}
      />
      <CampaignTabs current="/campaigns/lists" />
      <ListsTable rows={rows} total={total} timeZone={timeZone} deleteList={deleteListAction} />
    </>
  );
}
