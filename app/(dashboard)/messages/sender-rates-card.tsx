import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { SenderRateView } from "@/lib/messages/dispatch/list-sender-rates";

const channelNames = { chatapp: "chatapp", rcs: "RCS" } as const;

/**
 * Read-only: the rate each of the business's senders is dispatched at. The operator sets
 * rates (the provider grants the tier), so there is nothing to edit here.
 */
export function SenderRatesCard({ senders }: { senders: SenderRateView[] }) {
  const current = senders.filter((s) => s.channel !== null);
  if (current.length === 0) return null;
  return (
    <Card aria-labelledby="sender-rates-title" className="px-5 py-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div>
          <h2 id="sender-rates-title" className="text-sm font-semibold text-slate-900">
            Dispatch rates
          </h2>
          <p className="text-xs text-slate-500">Messages per second per sender; your operator sets them.</p>
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Senders">
          {current.map((s) => (
            <li
              key={`${s.channel ?? "stale"}|${s.sender}`}
              className="flex min-w-0 max-w-full flex-wrap items-center gap-x-1.5"
            >
              <span className="text-slate-600">{channelNames[s.channel!]}</span>
              <span className="text-slate-800" title={s.sender}>
                {s.label}
              </span>
              <span className="font-medium text-slate-900">{s.perSecond}/s</span>
              {s.isDefault ? <Badge tone="neutral">default</Badge> : null}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
