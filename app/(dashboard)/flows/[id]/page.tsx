import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listTestNumbers } from "@/lib/businesses/test-numbers";
import { getFlow } from "@/lib/flows/flow-store";
import { getRunPath } from "@/lib/flows/get-run-path";
import type { DraftDefinition } from "@/lib/flows/builder/step-outputs";
import { listTeams } from "@/lib/teams/list-teams";
import { listAttributeDefinitions } from "@/lib/audiences/attribute-definitions";
import { listSegments } from "@/lib/audiences/segments/segments";
import { listTemplates } from "@/lib/templates/list-templates";
import { FlowEditor } from "./flow-editor";

export const metadata: Metadata = { title: "Flow" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function FlowPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const user = await requirePage("/flows/[id]");
  const { id } = await params;
  const sp = await searchParams;
  const ctx = userCtx(user);
  const flow = await getFlow(ctx, user.businessId, id).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  });
  const [templates, teams, testNumbers, attributes, segments] = await Promise.all([
    listTemplates(ctx, user.businessId, { status: "APPROVED", limit: 500 }),
    listTeams(ctx, user.businessId),
    listTestNumbers(ctx, user.businessId),
    listAttributeDefinitions(ctx, user.businessId),
    listSegments(ctx, user.businessId),
  ]);
  const runId = typeof sp.run === "string" ? sp.run : null;
  const path = runId
    ? ((await getRunPath(ctx, user.businessId, runId).catch(() => null))?.steps.map((s) => s.stepId) ?? [])
    : [];
  return (
    <>
      <PageHeader
        title={flow.name}
        eyebrow="Flow"
        description="Drag from a step's outputs to connect it; Enter on a step opens it, Delete removes it. Save the draft, try it on a test number, then publish."
      />
      <FlowEditor
        flow={{
          id: flow.id,
          name: flow.name,
          publishedVersion: flow.publishedVersion,
          draft: flow.draft as DraftDefinition,
        }}
        templates={[...new Set(templates.items.map((t) => t.name))]}
        segments={segments.map((sg) => ({ id: sg.id, name: sg.name }))}
        attributes={attributes.map((a) => ({ key: a.key, label: a.label }))}
        teams={teams.map((t) => ({ id: t.teamId, name: t.teamName }))}
        testNumbers={testNumbers}
        path={path}
      />
    </>
  );
}
