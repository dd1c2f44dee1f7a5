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
import { listTestNumbers } from "@/lib/businesses/test-numbers";
import { templateDeleteImpact } from "@/lib/templates/delete-template";
import { getTemplate, getTemplateHistory } from "@/lib/templates/get-template";
import { chatappRecord, rcsAgentId, rcsRecord } from "@/lib/templates/template-records";
import { testSlotsOf } from "@/lib/templates/test-slots";
import { PendingRefresh } from "./pending-refresh";
import { SendTestCard } from "./send-test-card";
import { TemplateActions } from "./template-actions";

export const metadata: Metadata = { title: "Template" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePage("/templates/[id]");
  const ctx = userCtx(user);
  const { id } = await params;
  const t = await getTemplate(ctx, { businessId: user.businessId, templateId: id }).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  });
  const ref = { businessId: user.businessId, templateId: t.id };
  const [history, impact, testNumbers] = await Promise.all([
    getTemplateHistory(ctx, user.businessId, t.id),
    templateDeleteImpact(ctx, ref),
    t.status === "APPROVED" ? listTestNumbers(ctx, user.businessId) : [],
  ]);
  const usage = impact.usage;
  const record =
    t.channel === "chatapp" ? chatappRecord(t) : rcsRecord(t, await rcsAgentId(ctx, user.businessId));
  const imageUrls = t.mediaHashes.map((h) => `/templates/media/${h}`);
  const slots = testSlotsOf(t);
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
            <TemplateActions id={t.id} name={t.name} channel={t.channel} status={t.status} impact={impact} />
            <ButtonLink href="/templates" variant="ghost" size="sm">
              All templates
            </ButtonLink>
          </>
        }
      />
      {t.status === "REJECTED" ? (
        <Alert tone="danger" title="Rejected" className="mb-6 min-w-0 [overflow-wrap:anywhere]">
          <span data-testid="rejection-reason" className="[overflow-wrap:anywhere]">
            {t.rejectionReason}
          </span>
        </Alert>
      ) : t.status === "PENDING" ? (
        <PendingRefresh templateId={t.id} />
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
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-6">
          {t.status === "APPROVED" ? (
            <SendTestCard templateId={t.id} fields={slots} testNumbers={testNumbers} />
          ) : null}
          <Card>
            <CardHeader title="Usage" />
            <CardBody>
              <dl className="grid grid-cols-2 gap-4 text-center sm:grid-cols-4">
                {(["sent", "delivered", "read", "failed"] as const).map((k) => (
                  <div key={k}>
                    <dt className="text-xs text-slate-600 capitalize">{k}</dt>
                    <dd className="text-xl font-semibold text-slate-900">{usage[k].toLocaleString("en")}</dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Status history" />
            <CardBody>
              <ol className="space-y-3 text-sm" data-testid="status-history">
                {history.map((h, i) => (
                  <li key={i} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="text-slate-600">{formatDateTime(h.at)}</span>
                    <StatusBadge status={h.to} />
                    <span className="text-slate-700">by {h.actor}</span>
                    {h.reason ? (
                      <span className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">— {h.reason}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="JSON" description="As the API returns it." />
            <CardBody>
              {/* Focusable and labelled so keyboard users can scroll it; long values wrap. */}
              <pre
                tabIndex={0}
                role="region"
                aria-label="Template JSON"
                className="max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs break-words whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {JSON.stringify(record, null, 2)}
              </pre>
            </CardBody>
          </Card>
        </div>
        <aside className="min-w-0">
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
