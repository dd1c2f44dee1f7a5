import { Badge, StatusBadge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { MessageEventView } from "@/lib/messages/status/get-message-timeline";

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

/**
 * The statuses the message reached and every event that did more than move it one step
 * (implied, absorbed, failed), in order, with what became of each.
 */
export function StatusEvents({ events, timeZone }: { events: MessageEventView[]; timeZone: string }) {
  const at = (d: Date) => formatInZone(d, timeZone, { seconds: true });
  return (
    <Card>
      <CardHeader
        title="Status events"
        description="Each status the message reached, and every event that was implied, absorbed or failed it, in order."
      />
      <CardBody>
        {events.length === 0 ? (
          <EmptyState
            icon={<Icon name="status" />}
            title="No events yet"
            description="The message has not been dispatched yet."
          />
        ) : (
          <ol aria-label="Status events" className="relative space-y-4 border-l border-slate-200 pl-5">
            {events.map((e) => (
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
                  {e.source ? <span className="text-xs text-slate-600">from {e.source}</span> : null}
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  Occurred {at(e.occurredAt)}
                  {e.receivedAt ? ` · received ${at(e.receivedAt)}` : null}
                </p>
                {e.errorCode || e.reason ? (
                  <p className="mt-1 text-sm text-red-700">
                    {e.errorCode ? `${e.errorCode}: ` : ""}
                    {e.reason}
                    {e.details ? <span className="block text-xs text-slate-600">{e.details}</span> : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
