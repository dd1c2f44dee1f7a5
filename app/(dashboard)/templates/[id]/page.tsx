import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChatappPreview, RcsPreview } from "@/components/templates/template-preview";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { getTemplate, getTemplateHistory, getTemplateUsage } from "@/lib/templates/get-template";
import { chatappRecord, rcsAgentId, rcsRecord } from "@/lib/templates/template-records";

export const metadata: Metadata = { title: "Template" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePage("/templates/[id]");
  const ctx = userCtx(user);
  const { id } = await params;
  const t = await getTemplate(ctx, { businessId: user.businessId, templateId: id }).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  });
  const [history, usage] = await Promise.all([
    getTemplateHistory(ctx, user.businessId, t.id),
    getTemplateUsage(ctx, user.businessId, t.id),
  ]);
  const record =
    t.channel === "chatapp" ? chatappRecord(t) : rcsRecord(t, await rcsAgentId(ctx, user.businessId));
  const imageUrls = t.mediaHashes.map((h) => `/templates/media/${h}`);
  return (
    <>
      <PageHeader
        eyebrow={t.channel === "rcs" ? "RCS template" : "Chatapp template"}
        title={t.name}
        description={`${t.language}${t.category ? ` · ${t.category}` : ""} · created ${formatDateTime(t.createdAt)}`}
        actions={
          <>
            <span data-testid="template-status">
              <StatusBadge status={t.status} />
            </span>
            <ButtonLink href="/templates" variant="secondary">
              All templates
            </ButtonLink>
          </>
        }
      />
      {t.status === "REJECTED" ? (
        <Alert tone="danger" title="Rejected" className="mb-6">
          <span data-testid="rejection-reason">{t.rejectionReason}</span>
        </Alert>
      ) : t.status === "PENDING" ? (
        <Alert tone="info" className="mb-6">
          Waiting for review. Reload the page to see the outcome.
        </Alert>
      ) : null}
      {t.lintWarnings.length ? (
        <Alert tone="warning" title="Lint warnings" className="mb-6">
          <ul className="list-disc pl-5">
            {t.lintWarnings.map((w, i) => (
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <div className="space-y-6">
          <Card>
            <CardHeader title="Usage" />
            <CardBody>
              <dl className="grid grid-cols-4 gap-4 text-center">
                {(["sent", "delivered", "read", "failed"] as const).map((k) => (
                  <div key={k}>
                    <dt className="text-xs text-slate-500 capitalize">{k}</dt>
                    <dd className="text-xl font-semibold text-slate-900">{usage[k].toLocaleString()}</dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Status history" />
            <CardBody>
              <ol className="space-y-2 text-sm" data-testid="status-history">
                {history.map((h, i) => (
                  <li key={i} className="flex flex-wrap items-center gap-2">
                    <span className="text-slate-500">{formatDateTime(h.at)}</span>
                    <StatusBadge status={h.to} />
                    <span className="text-slate-600">
                      by {h.actorType === "system" ? h.actorId : h.actorType}
                    </span>
                    {h.reason ? <span className="text-slate-800">— {h.reason}</span> : null}
                  </li>
                ))}
              </ol>
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="JSON" description="As the API returns it." />
            <CardBody>
              <pre
                tabIndex={0}
                aria-label="Template JSON (scrollable)"
                className="max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {JSON.stringify(record, null, 2)}
              </pre>
            </CardBody>
          </Card>
        </div>
        <aside>
          <h2 className="mb-2 text-sm font-medium text-slate-700">Preview</h2>
          {t.channel === "chatapp" ? (
            <ChatappPreview components={t.components} imageUrls={imageUrls} />
          ) : (
            <RcsPreview card={t.rcsCard} />
          )}
        </aside>
      </div>
    </>
  );
}
