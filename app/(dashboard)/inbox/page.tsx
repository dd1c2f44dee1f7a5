import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getConversation } from "@/lib/conversations/get-conversation";
import { listConversations } from "@/lib/conversations/list-conversations";
import { windowLabel } from "@/lib/conversations/service-window";
import { Composer } from "./composer";
import { LiveRefresh } from "./live-refresh";

export const metadata: Metadata = { title: "Inbox" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const tabs = ["mine", "unassigned", "all"] as const;
const states = ["open", "pending", "resolved"] as const;
const time = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace("T", " ");

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/inbox");
  const params = await searchParams;
  const tab = tabs.find((t) => t === one(params.tab)) ?? "mine";
  const state = states.find((s) => s === one(params.state)) ?? "open";
  const selected = one(params.c);
  const ctx = userCtx(user);
  const page = await listConversations(ctx, user.businessId, { tab, state, q: one(params.q) });
  const detail = selected ? await getConversation(ctx, user.businessId, selected).catch(() => null) : null;
  const href = (p: Record<string, string | undefined>) => {
    const q = new URLSearchParams({ tab, state, ...(selected ? { c: selected } : {}) });
    for (const [k, v] of Object.entries(p))
      if (v === undefined) q.delete(k);
      else q.set(k, v);
    return `/inbox?${q}`;
  };
  return (
    <>
      <LiveRefresh />
      <PageHeader title="Inbox" description="Customers' conversations with your numbers and RCS agents." />
      <div className="grid min-w-0 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <nav aria-label="Conversations" className={detail ? "hidden lg:block" : "block"}>
          <div role="tablist" aria-label="Whose" className="mb-2 flex gap-1">
            {tabs.map((t) => (
              <Link
                key={t}
                role="tab"
                aria-selected={t === tab}
                href={href({ tab: t, c: undefined })}
                className={`rounded px-2 py-1 text-sm ${t === tab ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {t === "mine" ? "Mine" : t === "unassigned" ? "Unassigned" : "All"}
              </Link>
            ))}
          </div>
          <div className="mb-2 flex gap-1 text-xs">
            {states.map((s) => (
              <Link
                key={s}
                href={href({ state: s, c: undefined })}
                aria-current={s === state ? "page" : undefined}
                className={`rounded px-2 py-1 ${s === state ? "bg-slate-200 font-semibold" : "text-slate-700"}`}
              >
                {s[0]!.toUpperCase() + s.slice(1)}
              </Link>
            ))}
          </div>
          {page.conversations.length === 0 ? (
            <EmptyState
              title="No conversations here"
              description="Customers' messages appear as they arrive."
            />
          ) : (
            <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
              {page.conversations.map((c) => (
                <li key={c.id}>
                  <Link
                    href={href({ c: c.id })}
                    aria-current={c.id === selected ? "true" : undefined}
                    className={`block px-3 py-2 text-sm hover:bg-slate-50 ${c.id === selected ? "bg-indigo-50" : ""}`}
                  >
                    <span className="flex justify-between gap-2">
                      <span className="font-medium text-slate-900">
                        {c.customerName ?? `+${c.subscriberId}`}
                      </span>
                      {c.unread > 0 ? (
                        <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">
                          {c.unread}
                        </span>
                      ) : null}
                    </span>
                    <span className="block truncate text-slate-600">{c.lastMessagePreview}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section aria-label="Conversation" className={detail ? "min-w-0" : "hidden min-w-0 lg:block"}>
          {detail ? (
            <div className="flex flex-col rounded border border-slate-200 bg-slate-50">
              <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white p-3">
                <Link href={href({ c: undefined })} className="text-sm text-indigo-700 lg:hidden">
                  ← Conversations
                </Link>
                <h2 className="font-semibold text-slate-900">
                  {detail.conversation.customerName ?? `+${detail.conversation.subscriberId}`}
                </h2>
                <span className="text-xs text-slate-600">
                  {detail.conversation.channel} · {detail.conversation.state}
                </span>
              </header>
              <ol className="flex flex-col-reverse gap-2 p-3" aria-label="Messages">
                {detail.items.map((i) => (
                  <li
                    key={i.id}
                    className={
                      i.kind === "inbound"
                        ? "max-w-[85%] self-start rounded bg-white p-2 text-sm shadow-sm"
                        : i.kind === "outbound"
                          ? "max-w-[85%] self-end rounded bg-indigo-100 p-2 text-sm"
                          : i.kind === "note"
                            ? "self-center rounded bg-amber-50 px-2 py-1 text-xs text-amber-900"
                            : "self-center text-xs text-slate-600"
                    }
                  >
                    <span className="block break-words whitespace-pre-wrap">
                      {i.kind === "event"
                        ? i.type
                        : (i.text ?? (i.templateName ? `Template ${i.templateName}` : `[${i.type}]`))}
                    </span>
                    <span className="block text-[11px] text-slate-600">
                      {time(i.at)}
                      {i.status ? ` · ${i.status}` : ""}
                    </span>
                  </li>
                ))}
              </ol>
              <Composer
                conversationId={detail.conversation.id}
                windowText={windowLabel(detail.conversation.windowClosesAt)}
                open={!windowLabel(detail.conversation.windowClosesAt).startsWith("The 24-hour")}
                resolved={detail.conversation.state === "resolved"}
              />
            </div>
          ) : (
            <EmptyState title="Pick a conversation" description="Its messages and the composer show here." />
          )}
        </section>
      </div>
    </>
  );
}
