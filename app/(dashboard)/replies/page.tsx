import type { Metadata } from "next";
import { parseTableParams } from "@/components/ui/data-table-params";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { replySortable, searchReplies } from "@/lib/inbound/search-replies";
import { RepliesTable } from "./replies-table";

export const metadata: Metadata = { title: "Reply log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/replies");
  const table = parseTableParams(await searchParams, {
    sortable: replySortable,
    defaultSort: { id: "receivedAt", desc: true },
    defaultPageSize: 25,
  });
  const { rows, total } = await searchReplies(userCtx(user), user.businessId, {
    q: table.q,
    sort: table.sort,
    limit: table.pageSize,
    offset: table.offset,
  });
  return (
    <>
      <PageHeader
        title="Reply log"
        description="Every message customers wrote to your numbers and RCS agents, newest first, each beside the last message you sent them: to find one or check a campaign's answers. Conversations are answered in the inbox."
        actions={
          <>
            <ButtonLink href="/inbox" variant="secondary">
              Open the inbox
            </ButtonLink>
            <ButtonLink href="/virtual-phone" variant="secondary">
              Open the virtual phone
            </ButtonLink>
          </>
        }
      />
      <RepliesTable rows={rows} total={total} searched={table.q !== ""} />
    </>
  );
}
