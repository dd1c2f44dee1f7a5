"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import type { CustomerReplyView } from "@/lib/inbound/schemas";
import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";
import { MessageBubble } from "./message-bubble";
import type { PhoneChannel } from "./phone-format";
import { ReplyBox } from "./reply-box";
import { ReplyBubble } from "./reply-bubble";

const POLL_MS = 2000;

/**
 * The test number's screen: one conversation per channel (chat bubbles for chatapp templates,
 * cards and texts for RCS, the number's own replies on the right), refreshed by polling while
 * the tab is visible, with a box to reply to the business.
 */
export function PhoneView({
  number,
  inbox,
  replies,
  timeZone,
}: {
  number: string;
  inbox: InboxMessage[];
  replies: CustomerReplyView[];
  /** The business's zone, the times' zone. */
  timeZone: string;
}) {
  const router = useRouter();
  const counts = { chatapp: 0, rcs: 0 };
  for (const m of inbox) counts[m.channel]++;
  const [tab, setTab] = useState<PhoneChannel>(counts.chatapp === 0 && counts.rcs > 0 ? "rcs" : "chatapp");
  const [live, setLive] = useState(true);

  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [live, router]);

  // Oldest first, as a chat reads: the business's messages and the number's replies by time.
  const shown = [
    ...inbox.filter((m) => m.channel === tab).map((m) => ({ at: m.createdAt, key: m.messageId, m })),
    ...replies.filter((r) => r.channel === tab).map((r) => ({ at: r.receivedAt, key: r.id, r })),
  ].sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));

  // As on a phone, the newest message is in view: scroll down when something arrives.
  const listRef = useRef<HTMLDivElement>(null);
  const newest = shown.at(-1)?.key;
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [tab, newest]);

  // Tabs as in the ARIA pattern: one tab stop, arrow keys move between the channels.
  const tabKeys = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    e.preventDefault();
    const next: PhoneChannel =
      e.key === "Home" ? "chatapp" : e.key === "End" ? "rcs" : tab === "rcs" ? "chatapp" : "rcs";
    setTab(next);
    document.getElementById(`phone-tab-${next}`)?.focus();
  };
  return (
    <div className="flex flex-col items-center gap-3">
      <div
        className="w-full max-w-sm overflow-hidden rounded-[2.5rem] border-[10px] border-slate-900 bg-slate-900 shadow-xl"
        aria-label={`Virtual phone +${number}`}
        role="region"
      >
        <div className="flex items-center justify-between bg-slate-900 px-5 pb-2 text-xs text-slate-300">
          <span className="font-mono">+{number}</span>
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={live}
              onChange={(e) => setLive(e.target.checked)}
              className="size-3"
            />
            Live
          </label>
        </div>
        <div role="tablist" aria-label="Channel" className="grid grid-cols-2 bg-slate-800 text-sm">
          {(["chatapp", "rcs"] as const).map((c) => (
            <button
              key={c}
              id={`phone-tab-${c}`}
              role="tab"
              type="button"
              aria-selected={tab === c}
              aria-controls={`phone-${c}`}
              tabIndex={tab === c ? 0 : -1}
              onClick={() => setTab(c)}
              onKeyDown={tabKeys}
              className={cn(
                "px-3 py-2 font-medium",
                tab === c ? "bg-slate-700 text-white" : "text-slate-300 hover:text-white",
              )}
            >
              {c === "rcs" ? "RCS" : "Chatapp"} ({counts[c]})
            </button>
          ))}
        </div>
        <div
          ref={listRef}
          id={`phone-${tab}`}
          role="tabpanel"
          aria-labelledby={`phone-tab-${tab}`}
          tabIndex={0}
          className={cn(
            "h-[34rem] space-y-3 overflow-y-auto p-3",
            tab === "chatapp" ? "bg-[#e5ddd5]" : "bg-slate-100",
          )}
        >
          {shown.length === 0 ? (
            <p className="mt-24 text-center text-sm text-slate-600">
              Nothing received over {tab === "rcs" ? "RCS" : "chatapp"} yet.
            </p>
          ) : (
            shown.map((item) =>
              "m" in item ? (
                <MessageBubble key={item.key} m={item.m} timeZone={timeZone} />
              ) : (
                <ReplyBubble key={item.key} r={item.r} timeZone={timeZone} />
              ),
            )
          )}
        </div>
        <ReplyBox key={tab} number={number} channel={tab} />
      </div>
      <p className="text-xs text-slate-600">Times in {timeZone}, your business&apos;s time zone.</p>
    </div>
  );
}
