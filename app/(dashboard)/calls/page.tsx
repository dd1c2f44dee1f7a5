import type { Metadata } from "next";
import { AutoRefresh } from "@/components/people/auto-refresh";
import { parseTableParams, type SearchParams } from "@/components/ui/data-table-params";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { findLiveCall } from "@/lib/calls/find-live-call";
import { listCalls } from "@/lib/calls/list-calls";
import { listBusinessUsers } from "@/lib/users/list-business-users";
import { findBusinessUser, userDetails } from "@/lib/users/user-details";
import { AgentBoard } from "./agent-board";
import { AgentPanel } from "./agent-panel";
import { CallsTable } from "./calls-table";

export const metadata: Metadata = { title: "Calls" };

export default async function CallsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage("/calls");
  const ctx = userCtx(user);
  const p = parseTableParams(await searchParams, { sortable: [], defaultPageSize: 25 });
  const [me, liveCall, calls, people] = await Promise.all([
    findBusinessUser(ctx, user.businessId, user.id),
    findLiveCall(ctx, user.businessId, user.id),
    listCalls(ctx, user.businessId, { limit: p.pageSize, offset: p.offset }),
    user.role === "AGENT" ? Promise.resolve([]) : listBusinessUsers(ctx, user.businessId),
  ]);
  const agents = people.filter((u) => u.role === "AGENT" || u.callingEnabled);
  return (
    <>
      <PageHeader
        title={user.role === "AGENT" ? "My status & calls" : "Calls"}
        description="Outbound calls from your business number with their call data records. Statuses refresh every few seconds."
      />
      <AutoRefresh intervalMs={3000} />
      <div className={user.role === "AGENT" ? "mb-8 max-w-2xl" : "mb-8 grid gap-4 lg:grid-cols-2"}>
        <AgentPanel me={userDetails(me)} liveCall={liveCall} isAgent={user.role === "AGENT"} />
        {user.role === "AGENT" ? null : <AgentBoard agents={agents} />}
      </div>
      <section aria-labelledby="calls-heading" className="space-y-3">
        <h2 id="calls-heading" className="text-lg font-semibold text-slate-900">
          {user.role === "AGENT" ? "My calls" : "All calls"}
        </h2>
        <CallsTable rows={calls.rows} total={calls.total} isAgent={user.role === "AGENT"} />
      </section>
    </>
  );
}
