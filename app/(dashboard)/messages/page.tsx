import type { Metadata } from "next";
import { parseTableParams } from "@/components/ui/data-table-params";
import { PageHeader } from "@/components/ui/page-header";
import { ButtonLink } from "@/components/ui/button";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { listSenderRates } from "@/lib/messages/dispatch/list-sender-rates";
import { searchMessages } from "@/lib/messages/status/search-messages";
import {
  messageSearchFilters,
  messageSortable,
  type MessageSearchFilters,
} from "@/lib/messages/status/search-schemas";
import { MessageFilters } from "./message-filters";
import { MessagesTable } from "./messages-table";
import { SenderRatesCard } from "./sender-rates-card";

export const metadata: Metadata = { title: "Messages" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const filterKeys = ["q", "number", "transactionId", "messageId", "template", "status", "from", "to"] as const;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/messages");
  const sp = await searchParams;
  const table = parseTableParams(sp, {
    sortable: messageSortable,
    defaultSort: { id: "createdAt", desc: true },
    defaultPageSize: 25,
  });
  const raw = Object.fromEntries(
    filterKeys.map((k) => [k, typeof sp[k] === "string" ? (sp[k] as string) : ""]),
  ) as Record<(typeof filterKeys)[number], string>;
  // A hand-edited URL with a bad filter shows the form's error instead of failing the page.
  const parsed = messageSearchFilters.safeParse(raw);
  const filters: MessageSearchFilters | undefined = parsed.success ? parsed.data : undefined;
  const { rows, total } = filters
    ? await searchMessages(userCtx(user), user.businessId, {
        filters,
        sort: table.sort,
        limit: table.pageSize,
        offset: table.offset,
      })
    : { rows: [], total: 0 };
  const [senders, timeZone] = await Promise.all([
    listSenderRates(userCtx(user), user.businessId),
    getTimeZone(userCtx(user), user.businessId),
  ]);
  const filtered = filterKeys.some((k) => raw[k] !== "");
  return (
    <>
      <PageHeader
        title="Messages"
        description="Every message sent through the API, with its delivery status, status events and callbacks."
        actions={
          <ButtonLink href="/virtual-phone" variant="secondary">
            Open the virtual phone
          </ButtonLink>
        }
      />
      <div className="space-y-4">
        <SenderRatesCard senders={senders} />
        <MessageFilters initial={raw} invalid={!parsed.success} timeZone={timeZone} />
        {/* One search control: the form's box (the table's own search box is off). */}
        <MessagesTable rows={rows} total={total} filtered={filtered} timeZone={timeZone} />
      </div>
    </>
  );
}
