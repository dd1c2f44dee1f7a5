import { CarouselCards } from "@/app/(dashboard)/virtual-phone/carousel-cards";
import { Attachment } from "@/components/messages/attachment";
import { MediaImage } from "@/components/messages/media-image";
import { cn } from "@/components/ui/cn";
import { Phone } from "@/components/templates/template-preview";
import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";

/**
 * One sent message as its recipient saw it, in the phone frame of the template previews: the
 * template's texts with the values of this send (lib/messages/content/chatapp-preview.ts).
 * Support reads it to answer "what exactly did the customer get?".
 */
export function SentMessage({
  preview,
  channel,
  time,
}: {
  preview: InboxMessage["preview"];
  channel: "chatapp" | "rcs";
  /** The send time as the business reads it. */
  time: string;
}) {
  const rcs = channel === "rcs";
  return (
    <Phone title={rcs ? "RCS agent" : "Business"}>
      <div
        data-testid="sent-message"
        className={cn(
          "overflow-hidden text-sm shadow-sm",
          rcs ? "rounded-2xl bg-white" : "max-w-[92%] rounded-lg rounded-tl-none bg-white",
        )}
      >
        {preview.imageUrl ? <MediaImage src={preview.imageUrl} className="h-32" /> : null}
        {preview.attachment ? <Attachment a={preview.attachment} /> : null}
        <div className="space-y-1 px-3 py-2">
          {preview.title ? <p className="font-semibold text-slate-900">{preview.title}</p> : null}
          <p className="whitespace-pre-wrap text-slate-900">{preview.text || "(no text)"}</p>
          {preview.footer ? <p className="text-xs text-slate-600">{preview.footer}</p> : null}
          <p className="text-right text-[11px] text-slate-600">{time}</p>
        </div>
        {preview.buttons.length > 0 ? (
          <ul aria-label="Buttons" className="divide-y divide-slate-200 border-t border-slate-200">
            {preview.buttons.map((b, i) => (
              <li key={i} className="py-2 text-center font-medium text-sky-800">
                {b.text}
                {b.url ? (
                  <span className="block truncate px-2 text-xs font-normal text-slate-600">{b.url}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {preview.cards?.length ? <CarouselCards cards={preview.cards} /> : null}
    </Phone>
  );
}
