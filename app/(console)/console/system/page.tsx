import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getSystemStatus, SYSTEM_HOURS } from "@/lib/system/get-system-status";
import { MessagesChart } from "./messages-chart";
import { SystemSummary } from "./system-summary";
import { EndpointsTable, QueuesTable, TablesTable, WorkersTable } from "./system-tables";

export const metadata: Metadata = { title: "System" };

export default async function Page() {
  const user = await requirePage("/console/system");
  const status = await getSystemStatus(userCtx(user));
  return (
    <>
      <PageHeader
        eyebrow="Console"
        title="System"
        description="Job queues, message flow, callbacks, worker processes and the database, as of this page's load. Prometheus has the same and more on METRICS_PORT."
      />
      <div className="space-y-6">
        <SystemSummary status={status} />
        <MessagesChart buckets={status.messages} hours={SYSTEM_HOURS} asOf={status.asOf} />
        <QueuesTable queues={status.queues} />
        <EndpointsTable endpoints={status.failingEndpoints} />
        <WorkersTable workers={status.workers} />
        <TablesTable tables={status.database.largest} />
      </div>
    </>
  );
}
