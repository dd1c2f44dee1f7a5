import type { Metadata } from "next";
import Link from "next/link";
import { cn, focusRing } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { formatInZone } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { ButtonLink } from "@/components/ui/button";
import { pages, roleMay } from "@/lib/auth/access";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { customerPanel } from "@/lib/conversations/customer-panel";
import { getConversation } from "@/lib/conversations/get-conversation";
import { activeRunsOf } from "@/lib/flows/active-run-of";
import { inboxOptions } from "@/lib/conversations/inbox-options";
import { inboxHref, parseInboxQuery } from "@/lib/conversations/inbox-query";
import { listConversations } from "@/lib/conversations/list-conversations";
import { listSavedReplies } from "@/lib/conversations/saved-replies";
import { replyTemplates } from "@/lib/conversations/template-reply";
import { AppError } from "@/lib/errors";
import { getUserPreferences } from "@/lib/users/user-preferences";
import { Composer } from "./composer";
import { ConversationActions } from "./conversation-actions";
import { FlowHolds } from "./flow-holds";
import { ConversationList } from "./conversation-list";
import { CustomerPanel } from "./customer-panel";
import { InboxFilters } from "./inbox-filters";
import { LiveRefresh } from "./live-refresh";
import { MarkRead } from "./mark-read";
import { NewChatAlerts } from "./new-chat-alerts";
import { Timeline } from "./timeline";

export const metadata: Metadata = { title: "Inbox" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** When the server rendered: the composer's clock starts there (use-now.ts). */
const renderedAt = () => Date.now();

/**
 * The shared inbox: the conversation list (tabs, state, search, filters in the URL), the open
 * conversation with its composer, and the customer's panel. Three panes from 1,280 px, one at a
 * time on a phone (list, then conversation with a back link, then the panel by its link).
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/inbox");
  const ctx = userCtx(user);
  const query = parseInboxQuery(await searchParams);
  const options = await inboxOptions(ctx, user.businessId, user.id);
  // Agents see their own and their teams' waiting ones; "All" is for whoever sees more.
  const tabs =
    user.role === "AGENT" && !options.supervises
      ? (["mine", "unassigned"] as const)
      : (["mine", "unassigned", "all"] as const);
  const tab = tabs.find((t) => t === query.tab) ?? (user.role === "AGENT" ? "mine" : "all");
  const [page, timeZone, preferences] = await Promise.all([
    listConversations(ctx, user.businessId, {
      tab,
      state: query.state,
      q: query.q,
      teamId: query.teamId,
      channel: query.channel,
      assigneeId: query.assigneeId,
      limit: 50,
    }),
    getTimeZone(ctx, user.businessId),
    getUserPreferences(ctx, user.businessId),
  ]);
  let detail = null;
  let panel = null;
  // A conversation the user may not (or no longer) see: said in place of it, beside the list,
  // whether it was transferred away a moment ago or never was theirs (docs/decisions/inbox-page.md). The same words either way, so the notice tells nothing of another's inbox.
  let gone = false;
  if (query.c) {
    try {
      [detail, panel] = await Promise.all([
        getConversation(ctx, user.businessId, query.c, { limit: 100 }),
        customerPanel(ctx, user.businessId, query.c),
      ]);
    } catch (e) {
      if (!(e instanceof AppError && e.code === "not_found")) throw e;
      gone = true;
    }
  }
  const names = new Map(options.agents.map((a) => [a.id, a.name]));
  const time = (s: number) => formatInZone(s * 1000, timeZone);
  const savedReplies = detail ? await listSavedReplies(ctx, user.businessId) : [];
  // The runs holding the listed conversations (and the open one): "Flow: <name>" on the list,
  // "A flow is handling this" with Take over on the conversation.
  const flowRuns = await activeRunsOf(ctx, user.businessId, [
    ...page.conversations.filter((c) => !c.assigneeId).map((c) => c.id),
    ...(detail && !detail.conversation.assigneeId ? [detail.conversation.id] : []),
  ]);
  const flowRun =
    detail && !detail.conversation.assigneeId ? (flowRuns.get(detail.conversation.id) ?? null) : null;
  const templates =
    detail?.conversation.channel === "chatapp"
      ? await replyTemplates(ctx, user.businessId, detail.conversation)
      : [];
  const mayReassign = Boolean(
    detail &&
    (user.role !== "AGENT" ||
      (detail.conversation.teamId && options.supervisedTeams.includes(detail.conversation.teamId))),
  );
  const selected = detail?.conversation;
  const showPanel = query.panel === "1";
  const title = (c: { customerName: string | null; subscriberId: string }) =>
    c.customerName ? `${c.customerName} (+${c.subscriberId})` : `+${c.subscriberId}`;

  return (
    <>
      <LiveRefresh />
      {/*
        From 1,024 px the inbox is an app of the window's height (the top bar with its border and
        the main padding, 8rem and 1px, aside): the list, the conversation's header and the composer stay put and
        only the list and the timeline scroll. On a phone the page flows and scrolls as a whole.
      */}
      <div className="lg:flex lg:h-[calc(100dvh-8rem-1px)] lg:min-h-[30rem] lg:flex-col">
        <PageHeader
          title="Inbox"
          actions={
            <div className="flex flex-wrap items-center gap-2">
              <NewChatAlerts initial={preferences} />
              {roleMay(user.role, pages["/inbox/settings"]) ? (
                <ButtonLink href="/inbox/settings" variant="secondary" size="sm">
                  Routing and saved replies
                </ButtonLink>
              ) : null}
            </div>
          }
        />
        <div className="grid min-w-0 gap-4 lg:min-h-0 lg:flex-1 lg:grid-cols-[17rem_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)_15rem]">
          <section
            aria-label="Conversation list"
            className={cn("min-w-0 flex-col gap-3 lg:flex lg:min-h-0", selected || gone ? "hidden" : "flex")}
          >
            <InboxFilters
              query={query}
              tab={tab}
              tabs={[...tabs]}
              teams={options.teams}
              agents={options.agents}
            />
            {/* A keyboard's hint: not shown on a phone's width (still read out with the list). */}
            <p id="inbox-list-keys" className="hidden text-xs text-slate-600 lg:block">
              Arrow keys or j/k move through the list, Enter opens.
            </p>
            {page.conversations.length === 0 ? (
              <EmptyState
                title="No conversations here"
                description="Customers' messages appear as they arrive."
              />
            ) : (
              <div className="lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
                <ConversationList
                  items={page.conversations.map((c) => ({
                    id: c.id,
                    href: inboxHref({ ...query, tab }, { c: c.id, panel: undefined }),
                    title: title(c),
                    preview: c.lastMessagePreview ?? "",
                    when: time(c.lastMessageAt),
                    unread: c.unread,
                    assignee: c.assigneeId
                      ? `Agent: ${names.get(c.assigneeId) ?? "someone"}`
                      : flowRuns.has(c.id)
                        ? `Flow: ${flowRuns.get(c.id)!.flowName}`
                        : "Waiting for an agent",
                    selected: c.id === selected?.id,
                  }))}
                />
              </div>
            )}
          </section>

          <section
            aria-label="Conversation"
            className={cn(
              "min-w-0 lg:min-h-0",
              !selected && !gone ? "hidden lg:block" : showPanel ? "hidden xl:block" : "block",
            )}
          >
            {detail && selected ? (
              <div className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-slate-50 lg:h-full">
                <header className="shrink-0 space-y-2 border-b border-slate-200 bg-white p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      href={inboxHref({ ...query, tab }, { c: undefined, panel: undefined })}
                      className={cn("rounded text-sm text-indigo-700 underline lg:hidden", focusRing)}
                    >
                      ← Conversations
                    </Link>
                    <Link
                      href={inboxHref({ ...query, tab }, { panel: "1" })}
                      className={cn("rounded text-sm text-indigo-700 underline xl:hidden", focusRing)}
                    >
                      Customer details
                    </Link>
                  </div>
                  <h2 className="truncate text-base font-semibold text-slate-900">{title(selected)}</h2>
                  <p className="text-xs text-slate-600">
                    {selected.channel === "chatapp" ? "WhatsApp" : "RCS"} · {selected.state} ·{" "}
                    <span data-testid="conversation-assignee">
                      {selected.assigneeId
                        ? `Agent: ${names.get(selected.assigneeId) ?? "someone"}`
                        : flowRun
                          ? "Handled by a flow"
                          : "Waiting for an agent"}
                    </span>
                  </p>
                  <ConversationActions
                    key={`${selected.id}-${selected.assigneeId}`}
                    conversationId={selected.id}
                    resolved={selected.state === "resolved"}
                    assigneeId={selected.assigneeId}
                    agents={mayReassign ? options.agents : []}
                    mayReassign={mayReassign}
                  />
                </header>
                {flowRun ? (
                  <FlowHolds
                    conversationId={selected.id}
                    userId={user.id}
                    flowName={flowRun.flowName}
                    version={flowRun.version}
                    stepId={flowRun.stepId}
                  />
                ) : null}
                {selected.unread > 0 && selected.assigneeId === user.id ? (
                  <MarkRead conversationId={selected.id} />
                ) : null}
                <Timeline items={detail.items} names={names} time={time} />
                <Composer
                  key={selected.id}
                  conversationId={selected.id}
                  windowClosesAt={selected.windowClosesAt}
                  serverNow={renderedAt()}
                  templates={templates}
                  optedOut={Boolean(panel?.optOut)}
                  savedReplies={savedReplies}
                />
              </div>
            ) : gone ? (
              <div role="status" className="rounded-lg border border-slate-200 bg-white">
                <EmptyState
                  title="This conversation is not in your inbox"
                  description="It was moved to another agent or team, or it is not yours to see. Pick another one from the list."
                  action={
                    <Link
                      href={inboxHref({ ...query, tab }, { c: undefined, panel: undefined })}
                      className={cn("rounded text-sm text-indigo-700 underline", focusRing)}
                    >
                      ← Conversations
                    </Link>
                  }
                />
              </div>
            ) : (
              <EmptyState
                title="Pick a conversation"
                description="Its messages and the composer show here."
              />
            )}
          </section>

          {detail && panel ? (
            <aside
              aria-label="Customer"
              className={cn(
                "min-w-0 rounded-lg border border-slate-200 bg-white p-3 lg:overflow-y-auto",
                showPanel ? "block" : "hidden xl:block",
              )}
            >
              <Link
                href={inboxHref({ ...query, tab }, { panel: undefined })}
                className={cn(
                  "mb-2 inline-block rounded text-sm text-indigo-700 underline xl:hidden",
                  focusRing,
                )}
              >
                ← Back to the conversation
              </Link>
              <CustomerPanel conversationId={detail.conversation.id} panel={panel} time={time} />
            </aside>
          ) : null}
        </div>
      </div>
    </>
  );
}
