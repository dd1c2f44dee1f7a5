import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listFlows } from "@/lib/flows/flow-store";
import { listFlowStats } from "@/lib/flows/list-flow-stats";
import { FlowsView, type FlowListRow } from "./flows-view";

export const metadata: Metadata = { title: "Flows" };

const triggerLabel = (t: { type: string; words?: string[]; payloads?: string[] }) =>
  t.type === "keyword"
    ? `keyword: ${(t.words ?? []).join(", ")}`
    : t.type === "button"
      ? "button tap"
      : t.type;

export default async function FlowsPage() {
  const user = await requirePage("/flows");
  const ctx = userCtx(user);
  const [flows, stats] = await Promise.all([
    listFlows(ctx, user.businessId),
    listFlowStats(ctx, user.businessId),
  ]);
  const rows: FlowListRow[] = flows.map((f) => {
    const s = stats.get(f.id) ?? { runs: 0, completed: 0, handedOver: 0 };
    return {
      id: f.id,
      name: f.name,
      triggers: f.draft.triggers.map(triggerLabel).join("; ") || "none",
      state: !f.enabled ? "disabled" : f.publishedVersion ? `published v${f.publishedVersion}` : "draft only",
      enabled: f.enabled,
      version: f.publishedVersion ?? 0,
      runs: s.runs,
      completed: s.completed,
      handedOver: s.handedOver,
      updatedAt: new Date(f.updatedAt * 1000),
    };
  });
  return (
    <>
      <PageHeader
        title="Flows"
        description="Automations that answer customers in the inbox before a person does: what starts each, its published version and its last 7 days."
      />
      <FlowsView rows={rows} />
    </>
  );
}
