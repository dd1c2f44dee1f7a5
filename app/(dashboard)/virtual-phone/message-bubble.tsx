"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { failureReason } from "@/lib/messages/status/error-reasons";
import { useToast } from "@/components/ui/toast";
import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";
import { recipientActionAction } from "./actions";
import { Attachment } from "@/components/messages/attachment";
import { CarouselCards } from "./carousel-cards";
import { MediaImage } from "@/components/messages/media-image";
import { WhatsAppText } from "@/components/messages/whatsapp-text";
import { Clock } from "./clock";
import { TapButton } from "./tap-button";
import { Ticks } from "./ticks";

/** A message the business sent to the test number, with buttons to mark it read or failed. */
export function MessageBubble({ m, timeZone }: { m: InboxMessage; timeZone: string }) {
  const router = useRouter();
  const toast = useToast();
  const [pending, start] = useTransition();
  const rcs = m.channel === "rcs";
  // Buttons can be tapped once the message is on the phone (the simulator's statuses).
  const tappable = ["sent", "delivered", "read"].includes(m.status);
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
          {m.preview.text ? (
            <p className="break-words whitespace-pre-wrap text-slate-900">
              <WhatsAppText text={m.preview.text} />
            </p>
          ) : null}
          {m.preview.footer ? <p className="text-xs text-slate-500">{m.preview.footer}</p> : null}
          <p className="flex items-center justify-end gap-1 text-[11px] text-slate-500">
            {m.templateName ? <span className="mr-auto truncate">{m.templateName}</span> : null}
            <Clock at={m.createdAt} timeZone={timeZone} />
            <Ticks status={m.status} />
          </p>
        </div>
        {m.preview.listButton ? (
          // A list, as WhatsApp shows it: one button that opens the rows.
          <details className="border-t border-slate-200">
            <summary className="cursor-pointer py-2 text-center font-medium text-sky-700">
              {m.preview.listButton}
            </summary>
            <ul
              className="divide-y divide-slate-200 border-t border-slate-200"
              aria-label={m.preview.listButton}
            >
              {m.preview.buttons.map((b, i) => (
                <li key={i}>
                  <TapButton
                    messageId={m.messageId}
                    index={i}
                    text={b.text}
                    tappable={tappable}
                    className="px-3 py-2 text-left"
                  />
                  {b.description ? <p className="px-3 pb-2 text-xs text-slate-500">{b.description}</p> : null}
                </li>
              ))}
            </ul>
          </details>
        ) : m.preview.buttons.length > 0 ? (
          <div
            className={cn(
              "divide-y divide-slate-200 border-t border-slate-200",
              rcs && "flex flex-wrap gap-2 divide-y-0 p-2",
            )}
          >
            {m.preview.buttons.map((b, i) => (
              <TapButton
                key={i}
                messageId={m.messageId}
                index={i}
                text={b.text}
                url={b.url}
                tappable={tappable}
                className={rcs ? "w-auto rounded-full border border-sky-300 px-3 py-1" : "py-2"}
              />
            ))}
          </div>
        ) : null}
      </div>
      {m.preview.cards?.length ? (
        <CarouselCards cards={m.preview.cards} messageId={m.messageId} tappable={tappable} />
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
        <span className="font-medium text-slate-700" data-testid="message-status">
          {m.status}
        </span>
        {m.status === "failed" || m.failedReason ? (
          <span className="text-red-700">· {failureReason(m.errorCode, m.failedReason)}</span>
        ) : null}
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
