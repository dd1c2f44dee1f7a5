"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { useToast } from "@/components/ui/toast";
import { tapButtonAction } from "./actions";

/**
 * A button of a received message, as the phone shows it, that the test number can tap: a quick
 * reply answers the message, a URL button is recorded as a link opened (shown, not followed:
 * sample URLs point anywhere; a campaign's tracked link is requested by the server, so the tap
 * is a click, and the toast says where the link leads). Both count as the campaign recipient's
 * interaction.
 */
export function TapButton({
  messageId,
  index,
  card,
  text,
  url,
  tappable,
  className,
}: {
  messageId: string;
  index: number;
  card?: number;
  text: string;
  url?: string;
  /** False while the message has not reached the phone (nothing to tap yet). */
  tappable: boolean;
  className?: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [pending, start] = useTransition();
  const tap = () =>
    start(async () => {
      const res = await tapButtonAction({ messageId, button: index, card });
      if (!res.ok) {
        toast.show({ tone: "danger", title: "Tap not recorded", description: res.message });
        return;
      }
      const { opened } = res.data;
      toast.show({
        tone: opened?.kind === "unreachable" ? "danger" : "success",
        title: res.data.kind === "url" ? `Link opened: ${res.data.text}` : `Replied "${res.data.text}"`,
        description: !opened
          ? (res.data.url ?? undefined)
          : opened.kind === "unreachable"
            ? `The tracked link did not answer (${opened.reason}): the click was not counted`
            : opened.location
              ? `Tracked click; the link leads to ${opened.location}`
              : `The tracked link answered ${opened.status}`,
      });
      router.refresh();
    });
  return (
    <button
      type="button"
      onClick={tap}
      disabled={!tappable || pending}
      aria-busy={pending || undefined}
      title={url ? `Opens ${url}` : undefined}
      className={cn(
        "block w-full text-center font-medium text-sky-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:hover:bg-transparent",
        focusRing,
        className,
      )}
    >
      {url ? <span aria-hidden="true">↗ </span> : null}
      {text}
      {url ? <span className="sr-only"> (link)</span> : null}
    </button>
  );
}
