import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { Input, Select } from "@/components/ui/field";
import type { InboxAgent, InboxTeam } from "@/lib/conversations/inbox-options";
import { inboxHref, type InboxQuery } from "@/lib/conversations/inbox-query";

type Tab = NonNullable<InboxQuery["tab"]>;
const tabLabels: Record<Tab, string> = { mine: "Mine", unassigned: "Unassigned", all: "All" };
const stateLabels = { open: "Open", pending: "Pending", resolved: "Resolved" } as const;

/**
 * Whose conversations (tabs by role), their state, and the search and filters: all in the URL,
 * a plain GET form, so a filtered inbox can be bookmarked, shared and reloaded.
 */
export function InboxFilters({
  query,
  tab,
  tabs,
  teams,
  agents,
}: {
  query: InboxQuery;
  tab: Tab;
  tabs: Tab[];
  teams: InboxTeam[];
  agents: InboxAgent[];
}) {
  const pill = (on: boolean) =>
    cn(
      "rounded-md px-2.5 py-1 text-sm font-medium",
      focusRing,
      on ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100",
    );
  return (
    <div className="space-y-2">
      <nav aria-label="Whose conversations" className="flex flex-wrap gap-1">
        {tabs.map((t) => (
          <Link
            key={t}
            href={inboxHref(query, { tab: t, c: undefined, panel: undefined })}
            aria-current={t === tab ? "page" : undefined}
            className={pill(t === tab)}
          >
            {tabLabels[t]}
          </Link>
        ))}
      </nav>
      <nav aria-label="State" className="flex flex-wrap gap-1">
        {(Object.keys(stateLabels) as Array<keyof typeof stateLabels>).map((s) => (
          <Link
            key={s}
            href={inboxHref(query, { state: s, c: undefined, panel: undefined })}
            aria-current={s === query.state ? "page" : undefined}
            className={cn(
              "rounded-md px-2 py-0.5 text-xs font-medium",
              focusRing,
              s === query.state ? "bg-slate-200 text-slate-900" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            {stateLabels[s]}
          </Link>
        ))}
      </nav>
      <form method="get" action="/inbox" role="search" aria-label="Search and filter" className="space-y-2">
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="state" value={query.state} />
        <Input
          name="q"
          type="search"
          label="Search by number or name"
          hideLabel
          placeholder="Search by number or name"
          defaultValue={query.q ?? ""}
          maxLength={100}
        />
        <details
          className="rounded-md border border-slate-200 bg-white px-2 py-1 text-sm"
          open={Boolean(query.teamId || query.channel || query.assigneeId)}
        >
          <summary className={cn("cursor-pointer rounded text-slate-700", focusRing)}>Filters</summary>
          <div className="mt-2 grid gap-2 pb-1">
            <Select
              name="teamId"
              label="Team"
              placeholder="Any team"
              defaultValue={query.teamId ?? ""}
              options={teams.map((t) => ({ value: t.id, label: t.name }))}
            />
            <Select
              name="channel"
              label="Channel"
              placeholder="Any channel"
              defaultValue={query.channel ?? ""}
              options={[
                { value: "chatapp", label: "WhatsApp" },
                { value: "rcs", label: "RCS" },
              ]}
            />
            <Select
              name="assigneeId"
              label="Assignee"
              placeholder="Anyone"
              defaultValue={query.assigneeId ?? ""}
              options={agents.map((a) => ({ value: a.id, label: a.name }))}
            />
          </div>
        </details>
        <div className="flex gap-2">
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Search
          </button>
          {query.q || query.teamId || query.channel || query.assigneeId ? (
            <Link href={inboxHref({ state: query.state, tab }, {})} className={buttonClasses("ghost", "sm")}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
    </div>
  );
}
