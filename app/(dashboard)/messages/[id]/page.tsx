import { failureReason } from "@/lib/messages/status/error-reasons";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FollowMessage } from "@/components/messages/follow-message";
import { SentMessage } from "./sent-message";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatInZone } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { AppError } from "@/lib/errors";
import { getSentPreview } from "@/lib/messages/content/sent-preview";
import { getMessageTimeline, type MessageTimeline } from "@/lib/messages/status/get-message-timeline";
import { CallbackDeliveries } from "./callback-deliveries";
import { StatusEvents } from "./status-events";

export const metadata: Metadata = { title: "Message" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePage("/messages/[id]");
  const { id } = await params;
  const ctx = userCtx(user);
  let t: MessageTimeline;
  try {
    t = await getMessageTimeline(ctx, user.businessId, id);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
  const m = t.message;
  const [timeZone, sent] = await Promise.all([
    getTimeZone(ctx, user.businessId),
    getSentPreview(ctx, { businessId: user.businessId, templateId: m.templateId, content: m.content }),
  ]);
  // One format for every time on the page: the business's zone, to the second (events are close).
  const at = (d: Date | null, empty?: string) => formatInZone(d, timeZone, { seconds: true, empty });
  const mono = (v: string, key: string) => (
    <span key={key} className="font-mono text-xs break-all">
      {v}
    </span>
  );
  const facts: Array<[string, React.ReactNode]> = [
    [
      "Status",
      <span key="s" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {/* Announced when the live refresh moves it (FollowMessage). */}
        <span aria-live="polite" data-testid="message-status">
          <StatusBadge status={m.status} />
        </span>
        <FollowMessage status={m.status} />
      </span>,
    ],
    ["Recipient", mono(`+${m.recipient}`, "r")],
    ["Channel", m.channel === "rcs" ? "RCS" : "Chatapp"],
    ["Sender", mono(m.sender, "f")],
    ["Type", m.msgType],
    ["Template", m.templateName ? `${m.templateName} (${m.language})` : "—"],
    ["Provider", `${m.provider}${m.providerMessageId ? ` · ${m.providerMessageId}` : ""}`],
    ["Message ref", mono(m.messageRef, "ref")],
    [
      "Transaction",
      <Link
        key="t"
        href={`/messages?transactionId=${m.transactionId}`}
        className="font-mono text-xs break-all text-indigo-700 hover:underline"
      >
        {m.transactionId}
      </Link>,
    ],
    ["Created", at(m.createdAt)],
  ];
  if (m.errorCode || m.failedReason) {
    const reason = failureReason(m.errorCode, m.failedReason);
    facts.push(["Error", `${m.errorCode ?? ""} ${reason}`.trim()]);
    // The provider's own words, when the one table of reasons says it differently.
    const provider = [m.failedReason !== reason ? m.failedReason : null, m.failureDetails].filter(Boolean);
    if (provider.length) facts.push(["Provider's words", provider.join(": ")]);
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
            <span className="font-mono text-base break-all sm:text-lg">{m.id}</span>
            <CopyButton value={m.id} />
          </span>
        }
        description={`To +${m.recipient} over ${m.channel === "rcs" ? "RCS" : "chatapp"}. Times in ${timeZone}.`}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title="What was sent" description="The message as the recipient saw it." />
            <CardBody>
              <SentMessage preview={sent} channel={m.channel} time={at(m.createdAt)} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Message" />
            <CardBody>
              <dl className="space-y-3 text-sm">
                {facts.map(([k, v]) => (
                  <div key={k} className="grid grid-cols-3 gap-2">
                    <dt className="text-slate-600">{k}</dt>
                    <dd className="col-span-2 min-w-0 wrap-anywhere text-slate-900">{v}</dd>
                  </div>
                ))}
              </dl>
              <ol aria-label="Status times" className="mt-6 space-y-1 border-t border-slate-200 pt-4 text-sm">
                {steps.map(([k, d]) => (
                  <li key={k} className="flex flex-wrap justify-between gap-x-2">
                    <span className={d ? "text-slate-900" : "text-slate-600"}>{k}</span>
                    <span className="text-slate-700">{at(d, "not reached")}</span>
                  </li>
                ))}
              </ol>
            </CardBody>
          </Card>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <StatusEvents events={t.events} timeZone={timeZone} />
          <CallbackDeliveries callbacks={t.callbacks} timeZone={timeZone} />
        </div>
      </div>
    </>
  );
}
