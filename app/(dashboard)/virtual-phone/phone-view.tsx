"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { customerReplyInput, type CustomerReplyInput, type CustomerReplyView } from "@/lib/inbound/schemas";
import type { InboxMessage } from "@/lib/messages/list-simulator-inbox";
import { customerReplyAction, recipientActionAction } from "./actions";

const POLL_MS = 2000;
type Channel = "chatapp" | "rcs";

const time = (s: number) => new Date(s * 1000).toISOString().slice(11, 19);

/**
 * The test number's screen: one conversation per channel (chat bubbles for chatapp templates,
 * cards and texts for RCS, the number's own replies on the right), refreshed by polling while
 * the tab is visible, with a box to reply to the business.
 */
export function PhoneView({
  number,
  inbox,
  replies,
}: {
  number: string;
  inbox: InboxMessage[];
  replies: CustomerReplyView[];
}) {
  const router = useRouter();
  const counts = { chatapp: 0, rcs: 0 };
  for (const m of inbox) counts[m.channel]++;
  const [tab, setTab] = useState<Channel>(counts.chatapp === 0 && counts.rcs > 0 ? "rcs" : "chatapp");
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
    const next: Channel =
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
              "m" in item ? <Bubble key={item.key} m={item.m} /> : <ReplyBubble key={item.key} r={item.r} />,
            )
          )}
        </div>
        <ReplyBox key={tab} number={number} channel={tab} />
      </div>
    </div>
  );
}

/** What the test number sent to the business, right-aligned as on a phone. */
function ReplyBubble({ r }: { r: CustomerReplyView }) {
  return (
    <article
      aria-label={`Reply at ${time(r.receivedAt)}`}
      data-reply-id={r.id}
      className="ml-auto max-w-[85%] rounded-lg rounded-tr-none bg-[#dcf8c6] px-3 py-2 text-sm shadow-sm"
    >
      <p className="whitespace-pre-wrap text-slate-900">{r.text ?? `(${r.type})`}</p>
      <p className="text-right text-[11px] text-slate-500">{time(r.receivedAt)}</p>
    </article>
  );
}

/** The number writes back to the business: stored as a customer message, message.received raised. */
function ReplyBox({ number, channel }: { number: string; channel: Channel }) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm<CustomerReplyInput>({
    resolver: zodResolver(customerReplyInput),
    defaultValues: { channel, text: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    const res = await customerReplyAction(number, values);
    if (!res.ok) {
      form.setError("text", { type: "server", message: res.fieldErrors[0]?.message ?? res.message });
      return;
    }
    toast.show({
      tone: "success",
      title: "Reply sent",
      description: "Endpoints subscribed to message.received get it",
    });
    form.reset({ channel, text: "" });
    router.refresh();
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex items-start gap-2 border-t border-slate-300 bg-slate-100 p-2"
    >
      <Input
        {...form.register("text")}
        label={`Reply as +${number}`}
        hideLabel
        placeholder="Reply to the business"
        autoComplete="off"
        error={form.formState.errors.text?.message}
        className="flex-1"
      />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Send
      </Button>
    </form>
  );
}

function Bubble({ m }: { m: InboxMessage }) {
  const router = useRouter();
  const toast = useToast();
  const [pending, start] = useTransition();
  const rcs = m.channel === "rcs";
  const act = (action: "read" | "fail") =>
    start(async () => {
      const res = await recipientActionAction(m.messageId, action);
      if (!res.ok)
        toast.show({ tone: "danger", title: "Could not update the message", description: res.message });
      else
        toast.show({
          tone: res.data.applied ? "success" : "info",
          title: res.data.applied ? `Message ${res.data.status}` : `Already ${res.data.status}`,
        });
      router.refresh();
    });
  return (
    <article
      aria-label={`Message ${m.messageId}`}
      data-message-id={m.messageId}
      className={cn("max-w-[85%] text-sm", rcs ? "mx-auto w-[90%] max-w-none" : "")}
    >
      <div
        className={cn(
          "overflow-hidden shadow-sm",
          rcs ? "rounded-2xl bg-white" : "rounded-lg rounded-tl-none bg-white",
        )}
      >
        {m.preview.imageUrl ? (
          <MediaImage src={m.preview.imageUrl} className={rcs ? "h-36" : "h-32"} />
        ) : null}
        {m.preview.attachment ? <Attachment a={m.preview.attachment} /> : null}
        <div className="space-y-1 px-3 py-2">
          {m.preview.title ? <p className="font-semibold text-slate-900">{m.preview.title}</p> : null}
          {m.preview.text ? <p className="whitespace-pre-wrap text-slate-900">{m.preview.text}</p> : null}
          {m.preview.footer ? <p className="text-xs text-slate-500">{m.preview.footer}</p> : null}
          <p className="flex items-center justify-end gap-1 text-[11px] text-slate-500">
            {m.templateName ? <span className="mr-auto truncate">{m.templateName}</span> : null}
            <span>{time(m.createdAt)}</span>
            <Ticks status={m.status} />
          </p>
        </div>
        {m.preview.buttons.length > 0 ? (
          <div
            className={cn(
              "divide-y divide-slate-200 border-t border-slate-200",
              rcs && "flex flex-wrap gap-2 divide-y-0 p-2",
            )}
          >
            {m.preview.buttons.map((b, i) =>
              b.url ? (
                <a
                  key={i}
                  href={b.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className={cn(
                    "block text-center font-medium text-sky-700 hover:bg-slate-50",
                    rcs ? "rounded-full border border-sky-300 px-3 py-1" : "py-2",
                  )}
                >
                  {b.text}
                </a>
              ) : (
                <span
                  key={i}
                  className={cn(
                    "block text-center font-medium text-sky-700",
                    rcs ? "rounded-full border border-sky-300 px-3 py-1" : "py-2",
                  )}
                >
                  {b.text}
                </span>
              ),
            )}
          </div>
        ) : null}
      </div>
      {m.preview.cards?.length ? <Cards cards={m.preview.cards} /> : null}
      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
        <span className="font-medium text-slate-700" data-testid="message-status">
          {m.status}
        </span>
        {m.failedReason ? <span className="text-red-700">· {m.failedReason}</span> : null}
        <Link href={`/messages/${m.messageId}`} className="text-indigo-700 hover:underline">
          Details
        </Link>
        {m.actionable ? (
          <span className="ml-auto flex gap-1">
            <Button size="sm" variant="secondary" loading={pending} onClick={() => act("read")}>
              Mark read
            </Button>
            <Button size="sm" variant="danger" disabled={pending} onClick={() => act("fail")}>
              Fail
            </Button>
          </span>
        ) : null}
      </div>
    </article>
  );
}

/** A carousel's cards under the bubble, scrolled sideways as on a phone. */
/** A document or video header: the file's name, a link to open it when it has one. */
function Attachment({ a }: { a: NonNullable<InboxMessage["preview"]["attachment"]> }) {
  const label = (
    <>
      <span aria-hidden className="rounded bg-slate-200 px-1.5 py-0.5 text-[10px] font-semibold uppercase">
        {a.kind === "document" ? "doc" : "video"}
      </span>
      <span className="truncate">{a.name}</span>
    </>
  );
  const cls = "m-1.5 flex items-center gap-2 rounded-md bg-slate-100 px-2 py-2 text-slate-900";
  return a.url ? (
    <a
      href={a.url}
      target="_blank"
      rel="noreferrer noopener"
      className={cn(cls, "underline-offset-2 hover:underline")}
    >
      {label}
    </a>
  ) : (
    <p className={cls}>{label}</p>
  );
}

function Cards({ cards }: { cards: NonNullable<InboxMessage["preview"]["cards"]> }) {
  return (
    <ul aria-label="Carousel cards" className="mt-1.5 flex gap-2 overflow-x-auto pb-1">
      {cards.map((card, i) => (
        <li
          key={i}
          aria-label={`Card ${i + 1} of ${cards.length}`}
          className="w-40 shrink-0 overflow-hidden rounded-lg bg-white shadow-sm"
        >
          <MediaImage src={card.imageUrl} className="h-24" />
          <p className="px-2 py-1.5 text-xs whitespace-pre-wrap text-slate-900">{card.text}</p>
          {card.buttons.length > 0 ? (
            <div className="divide-y divide-slate-200 border-t border-slate-200 text-xs">
              {card.buttons.map((b, j) =>
                b.url ? (
                  <a
                    key={j}
                    href={b.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="block py-1.5 text-center font-medium text-sky-700 hover:bg-slate-50"
                  >
                    {b.text}
                  </a>
                ) : (
                  <span key={j} className="block py-1.5 text-center font-medium text-sky-700">
                    {b.text}
                  </span>
                ),
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A message's image, or a grey "Image" box when there is none or it does not load. */
function MediaImage({ src, className }: { src?: string | null; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <div
        className={cn(
          "flex w-full items-center justify-center bg-slate-200 text-xs text-slate-500",
          className,
        )}
      >
        Image
      </div>
    );
  return (
    // eslint-disable-next-line @next/next/no-img-element -- arbitrary external media URLs
    <img
      src={src}
      alt=""
      // A load that failed before hydration fires no onError: check when mounted too.
      ref={(el) => {
        if (el?.complete && el.naturalWidth === 0) setFailed(src);
      }}
      onError={() => setFailed(src)}
      className={cn("w-full object-cover", className)}
    />
  );
}

/** WhatsApp-style ticks: one grey (sent), two grey (delivered), two blue (read), red (failed). */
function Ticks({ status }: { status: InboxMessage["status"] }) {
  if (status === "failed" || status === "error")
    return (
      <span role="img" className="font-bold text-red-600" aria-label="failed">
        !
      </span>
    );
  const count = status === "sent" ? 1 : status === "delivered" || status === "read" ? 2 : 0;
  if (count === 0)
    return (
      <span role="img" aria-label="pending" className="text-slate-400">
        ◷
      </span>
    );
  return (
    <span role="img" aria-label={status} className={status === "read" ? "text-sky-500" : "text-slate-400"}>
      {"✓".repeat(count)}
    </span>
  );
}
