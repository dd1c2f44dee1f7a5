import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { MessageTimeline } from "@/lib/messages/status/get-message-timeline";

const deliveryTone: Record<string, BadgeTone> = {
  delivered: "success",
  pending: "warning",
  failed: "danger",
};
const fromEpoch = (s: number | null) => (s === null ? null : new Date(s * 1000));
const th = "px-3 py-2 font-medium whitespace-nowrap";
const td = "px-3 py-2 align-top";

/** The message-status callbacks of one message, each attempt with its answer or its error. */
export function CallbackDeliveries({
  callbacks,
  timeZone,
}: {
  callbacks: MessageTimeline["callbacks"];
  timeZone: string;
}) {
  const at = (s: number | null) => formatInZone(fromEpoch(s), timeZone, { seconds: true });
  return (
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
        {callbacks.length === 0 ? (
          <EmptyState
            icon={<Icon name="callbacks" />}
            title="No callbacks"
            description="No enabled endpoint subscribed to message status when the events arrived."
          />
        ) : (
          <ul aria-label="Callback deliveries" className="divide-y divide-slate-200">
            {callbacks.map((d) => {
              const status = (d.payload as { status?: string } | null)?.status ?? "?";
              return (
                <li key={d.id} className="py-3">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium text-slate-900">status: {status}</span>
                    <Badge tone={deliveryTone[d.status] ?? "neutral"} dot>
                      {d.status}
                    </Badge>
                    <span className="text-xs text-slate-600">
                      created {at(d.createdAt)}
                      {d.nextAttemptAt ? ` · next attempt ${at(d.nextAttemptAt)}` : ""}
                    </span>
                  </div>
                  {d.attemptLog.length > 0 ? (
                    // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
                    <div
                      tabIndex={0}
                      role="region"
                      aria-label={`Attempts of the ${status} callback`}
                      className="mt-2 overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <table className="w-full text-left text-xs">
                        <caption className="sr-only">Attempts of delivery {d.id}</caption>
                        <thead className="bg-slate-50 text-slate-700">
                          <tr>
                            <th scope="col" className={th}>
                              Attempt
                            </th>
                            <th scope="col" className={th}>
                              Time
                            </th>
                            <th scope="col" className={th}>
                              Response
                            </th>
                            <th scope="col" className={th}>
                              Latency
                            </th>
                            <th scope="col" className={th}>
                              URL
                            </th>
                          </tr>
                        </thead>
                        <tbody className="divide-y divide-slate-100">
                          {d.attemptLog.map((a) => (
                            <tr key={a.id}>
                              <td className={`${td} tabular-nums`}>{a.attemptNo}</td>
                              <td className={`${td} whitespace-nowrap`}>{at(a.requestedAt)}</td>
                              <td className={`${td} min-w-40`}>
                                {a.responseStatus !== null ? (
                                  <span className="font-medium">HTTP {a.responseStatus}</span>
                                ) : (
                                  <span className="text-red-700">{a.error ?? "no response"}</span>
                                )}
                              </td>
                              <td className={`${td} whitespace-nowrap tabular-nums`}>{a.latencyMs} ms</td>
                              <td className={`${td} min-w-48 font-mono break-all text-slate-700`}>{a.url}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : (
                    <p className="mt-1 text-xs text-slate-600">No attempt yet.</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
