import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { CustomerPanel as Panel } from "@/lib/conversations/customer-panel";
import { NoteForm } from "./note-form";

/** The customer beside the conversation: profile, opt-out, campaigns received, notes. */
export function CustomerPanel({
  conversationId,
  panel,
  time,
}: {
  conversationId: string;
  panel: Panel;
  time: (s: number) => string;
}) {
  const p = panel.profile;
  const fields: Array<[string, string | number | null | undefined]> = [
    ["Number", `+${panel.phone}`],
    ["Name", p?.name],
    ["City", p?.city],
    ["Gender", p?.gender],
    ["Age", p?.age],
    ["Subscriber id", p?.businessSubscriberId],
  ];
  return (
    <div className="space-y-4 text-sm">
      <section aria-labelledby="panel-profile">
        <h3 id="panel-profile" className="font-semibold text-slate-900">
          Profile
        </h3>
        {p ? null : <p className="text-slate-600">No profile holds this number.</p>}
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {fields
            .filter(([, v]) => v !== null && v !== undefined && v !== "")
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600">{k}</dt>
                <dd className="truncate text-slate-900">{v}</dd>
              </div>
            ))}
        </dl>
      </section>
      <section aria-labelledby="panel-optout">
        <h3 id="panel-optout" className="font-semibold text-slate-900">
          Marketing
        </h3>
        {panel.optOut ? (
          <p className="mt-1">
            <Badge tone="danger">Opted out</Badge>{" "}
            <span className="text-slate-700">
              since {time(panel.optOut.at)} ({panel.optOut.source}): no marketing templates
            </span>
          </p>
        ) : (
          <p className="mt-1 text-slate-700">Subscribed (not opted out)</p>
        )}
      </section>
      <section aria-labelledby="panel-campaigns">
        <h3 id="panel-campaigns" className="font-semibold text-slate-900">
          Campaigns received
        </h3>
        {panel.campaigns.length ? (
          <ul className="mt-1 space-y-1">
            {panel.campaigns.map((c) => (
              <li key={c.id} className="flex justify-between gap-2">
                <Link href={`/campaigns/${c.id}`} className="truncate text-indigo-700 underline">
                  {c.name}
                </Link>
                <span className="shrink-0 text-xs text-slate-600">{c.state}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-600">None</p>
        )}
      </section>
      <section aria-labelledby="panel-notes">
        <h3 id="panel-notes" className="font-semibold text-slate-900">
          Notes
        </h3>
        {panel.notes.length ? (
          <ul className="mt-1 space-y-2">
            {panel.notes.map((n) => (
              <li key={n.id} className="rounded-md bg-amber-50 p-2 text-amber-950">
                <p className="break-words whitespace-pre-wrap">{n.text}</p>
                <p className="mt-0.5 text-xs text-amber-900">
                  {n.authorName ?? "API"} · {time(n.at)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-600">No notes yet.</p>
        )}
        <div className="mt-2">
          <NoteForm conversationId={conversationId} />
        </div>
      </section>
    </div>
  );
}
