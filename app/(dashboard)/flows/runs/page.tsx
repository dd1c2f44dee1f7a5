import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { roleMay } from "@/lib/auth/access";
import { pages } from "@/lib/auth/access";
import { userCtx } from "@/lib/auth/user-ctx";
import { isUuid } from "@/lib/ids";
import { listFlowRuns } from "@/lib/flows/list-flow-runs";
import { RunsView } from "./runs-view";

export const metadata: Metadata = { title: "Flow runs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function FlowRunsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/flows/runs");
  const sp = await searchParams;
  const flowId = typeof sp.flow === "string" && isUuid(sp.flow) ? sp.flow : undefined;
  const runs = await listFlowRuns(userCtx(user), user.businessId, flowId ? { flowId } : {});
  return (
    <>
      <PageHeader
        title="Flow runs"
        description="Each customer's way through a flow: its state, version, conversation and the steps it took. Agents see the runs of their own conversations."
      />
      <RunsView runs={runs} canEdit={roleMay(user.role, pages["/flows/[id]"])} />
    </>
  );
}
