import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge, StatusBadge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { getMessageTimeline, type MessageTimeline } from "@/lib/messages/status/get-message-timeline";

export const metadata: Metadata = { title: "Message" };

const outcomeTone: Record<string, BadgeTone> = {
  applied: "success",
  implied: "info",
  duplicate: "neutral",
  late: "warning",
  after_final: "warning",
};
const outcomeText: Record<string, string> = {
  applied: "applied",
  implied: "implied by a later event",
  duplicate: "duplicate, absorbed",
  late: "late, absorbed",
  after_final: "after a final status, absorbed",
};
const deliveryTone: Record<string, BadgeTone> = {
  delivered: "success",
  pending: "warning",
  failed: "danger",
};
const fromEpoch = (s: number | null) => (s === null ? null : new Date(s * 1000));
/** Events are seconds apart: the timeline shows seconds (UTC, like formatDateTime). */
const precise = (d: Date | null, empty = "—") =>
  d ? `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)} UTC` : empty;

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePage("/messages/[id]");
  const { id } = await params;
  let t: MessageTimeline;
  try {
    t = await getMessageTimeline(userCtx(user), user.businessId, id);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
  const m = t.message;
  const facts: Array<[string, React.ReactNode]> = [
    ["Status", <StatusBadge key="s" status={m.status} />],
    [
      "Recipient",
      <span key="r" className="font-mono">
        +{m.recipient}
      </span>,
    ],
    ["Channel", m.channel === "rcs" ? "RCS" : "Chatapp"],
    [
      "Sender",
      <span key="f" className="font-mono">
        {m.sender}
      </span>,
    ],
    ["Type", m.msgType],
    ["Template", m.templateName ? `${m.templateName} (${m.language})` : "—"],
    ["Provider", `${m.provider}${m.providerMessageId ? ` · ${m.providerMessageId}` : ""}`],
    [
      "Message ref",
      <span key="ref" className="font-mono text-xs">
        {m.messageRef}
      </span>,
    ],
    [
      "Transaction",
      <Link
        key="t"
        href={`/messages?transactionId=${m.transactionId}`}
        className="font-mono text-xs text-indigo-700 hover:underline"
      >
        {m.transactionId}
      </Link>,
    ],
    ["Created", formatDateTime(m.createdAt)],
  ];
  if (m.errorCode || m.failedReason) {
    facts.push(["Error", `${m.errorCode ?? ""} ${m.failedReason ?? ""}`.trim()]);
    if (m.failureDetails) facts.push(["Details", m.failureDetails]);
  }
  const steps: Array<[string, Date | null]> = [
    ["Accepted", m.acceptedAt],
    ["Sent", m.sentAt],
    ["Delivered", m.deliveredAt],
    ["Read", m.readAt],
    ["Failed", m.failedAt],
  ];
  return (
    <>
      <PageHeader
        eyebrow={<Link href="/messages">Messages</Link>}
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-lg">{m.id}</span>
            <CopyButton value={m.id} />
          </span>
        }
        description={`To +${m.recipient} over ${m.channel === "rcs" ? "RCS" : "chatapp"}.`}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader title="Message" />
          <CardBody>
            <dl className="space-y-3 text-sm">
              {facts.map(([k, v]) => (
                <div key={k} className="grid grid-cols-3 gap-2">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="col-span-2 break-all text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
            <ol aria-label="Status times" className="mt-6 space-y-1 border-t border-slate-200 pt-4 text-sm">
              {steps.map(([k, d]) => (
                <li key={k} className="flex justify-between gap-2">
                  <span className={d ? "text-slate-900" : "text-slate-400"}>{k}</span>
                  <span className="text-slate-600">{precise(d, "not reached")}</span>
                </li>
              ))}
            </ol>
          </CardBody>
        </Card>

        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader
              title="Status events"
              description="Every event received for this message, in arrival order."
            />
            <CardBody>
              {t.events.length === 0 ? (
                <EmptyState
                  icon={<Icon name="status" />}
                  title="No events yet"
                  description="The message has not been dispatched yet."
                />
              ) : (
                <ol aria-label="Status events" className="relative space-y-4 border-l border-slate-200 pl-5">
                  {t.events.map((e) => (
                    <li key={e.id} className="relative">
                      <span
                        aria-hidden="true"
                        className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-indigo-500 ring-4 ring-white"
                      />
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={e.status} />
                        <Badge tone={outcomeTone[e.outcome] ?? "neutral"}>
                          {outcomeText[e.outcome] ?? e.outcome}
                        </Badge>
                        <span className="text-xs text-slate-500">from {e.source}</span>
                      </div>
                      <p className="mt-1 text-xs text-slate-600">
                        Occurred {precise(e.occurredAt)} · received {precise(e.receivedAt)}
                      </p>
                      {e.errorCode || e.reason ? (
                        <p className="mt-1 text-sm text-red-700">
                          {e.errorCode ? `${e.errorCode}: ` : ""}
                          {e.reason}
                          {e.details ? (
                            <span className="block text-xs text-slate-600">{e.details}</span>
                          ) : null}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </CardBody>
          </Card>

          <Card>
            <CardHeader
              title="Callbacks"
              description="Message-status callbacks sent to your endpoints for this message, with every attempt."
              actions={
                <Link href="/callbacks" className="text-sm text-indigo-700 hover:underline">
                  Delivery log
                </Link>
              }
            />
            <CardBody>
              {t.callbacks.length === 0 ? (
                <EmptyState
                  icon={<Icon name="callbacks" />}
                  title="No callbacks"
                  description="No enabled endpoint subscribed to message status when the events arrived."
                />
              ) : (
                <ul aria-label="Callback deliveries" className="divide-y divide-slate-200">
                  {t.callbacks.map((d) => {
                    const status = (d.payload as { status?: string } | null)?.status ?? "?";
                    return (
                      <li key={d.id} className="py-3">
                        <div className="flex flex-wrap items-center gap-2 text-sm">
                          <span className="font-medium text-slate-900">status: {status}</span>
                          <Badge tone={deliveryTone[d.status] ?? "neutral"} dot>
                            {d.status}
                          </Badge>
                          <span className="text-xs text-slate-500">
                            created {formatDateTime(fromEpoch(d.createdAt))}
                            {d.nextAttemptAt
                              ? ` · next attempt ${formatDateTime(fromEpoch(d.nextAttemptAt))}`
                              : ""}
                          </span>
                        </div>
                        {d.attemptLog.length > 0 ? (
                          <table className="mt-2 w-full text-left text-xs">
                            <caption className="sr-only">Attempts of delivery {d.id}</caption>
                            <thead className="text-slate-500">
                              <tr>
                                <th className="py-1 font-medium">#</th>
                                <th className="py-1 font-medium">Time</th>
                                <th className="py-1 font-medium">Response</th>
                                <th className="py-1 font-medium">Latency</th>
                                <th className="py-1 font-medium">URL</th>
                              </tr>
                            </thead>
                            <tbody>
                              {d.attemptLog.map((a) => (
                                <tr key={a.id} className="border-t border-slate-100">
                                  <td className="py-1">{a.attemptNo}</td>
                                  <td className="py-1 whitespace-nowrap">
                                    {precise(fromEpoch(a.requestedAt))}
                                  </td>
                                  <td className="py-1" title={a.error ?? undefined}>
                                    {a.responseStatus ?? a.error ?? "—"}
                                  </td>
                                  <td className="py-1">{a.latencyMs} ms</td>
                                  <td className="py-1 font-mono break-all text-slate-600">{a.url}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        ) : (
                          <p className="mt-1 text-xs text-slate-500">No attempt yet.</p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
