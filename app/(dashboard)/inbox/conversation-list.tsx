"use client";

import Link from "next/link";
import type { KeyboardEvent } from "react";
import { WhatsAppText } from "@/components/messages/whatsapp-text";
import { cn, focusRing } from "@/components/ui/cn";

export type ListItem = {
  id: string;
  href: string;
  title: string;
  preview: string;
  when: string;
  unread: number;
  assignee: string;
  selected: boolean;
};

/**
 * The conversations, one link each. ArrowDown/ArrowUp (or j/k) move between them, Home/End to
 * the ends, Enter opens the focused one (a link's own behaviour).
 */
export function ConversationList({ items }: { items: ListItem[] }) {
  const move = (e: KeyboardEvent<HTMLUListElement>) => {
    const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-conversation]")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const to =
      e.key === "ArrowDown" || e.key === "j"
        ? Math.min(at + 1, links.length - 1)
        : e.key === "ArrowUp" || e.key === "k"
          ? Math.max(at - 1, 0)
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? links.length - 1
              : null;
    if (to === null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    links[to]?.focus();
  };
  return (
    <ul
      aria-label="Conversations"
      aria-describedby="inbox-list-keys"
      onKeyDown={move}
      className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      {items.map((c) => (
        <li key={c.id}>
          <Link
            href={c.href}
            data-conversation
            aria-current={c.selected ? "page" : undefined}
            className={cn(
              "block px-3 py-2.5 text-sm hover:bg-slate-50",
              focusRing,
              "focus-visible:-outline-offset-2",
              c.selected && "bg-indigo-50",
            )}
          >
            <span className="block truncate font-medium text-slate-900">{c.title}</span>
            <span className="mt-0.5 flex items-center justify-between gap-2">
              <span className="truncate text-slate-600">
                <WhatsAppText text={c.preview} />
              </span>
              {c.unread > 0 ? (
                <span className="shrink-0 rounded-full bg-indigo-600 px-1.5 text-xs font-medium text-white">
                  {c.unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </span>
            <span className="mt-0.5 flex justify-between gap-2 text-xs text-slate-600">
              <span className="truncate">{c.assignee}</span>
              <span className="shrink-0">{c.when}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
