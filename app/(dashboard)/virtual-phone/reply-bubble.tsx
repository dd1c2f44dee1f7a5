import { WhatsAppText } from "@/components/messages/whatsapp-text";
import type { CustomerReplyView } from "@/lib/inbound/schemas";
import { Clock } from "./clock";
import { time } from "./phone-format";

/** What the test number sent to the business, right-aligned as on a phone. */
export function ReplyBubble({ r, timeZone }: { r: CustomerReplyView; timeZone: string }) {
  return (
    <article
      aria-label={`Reply at ${time(r.receivedAt, timeZone)}`}
      data-reply-id={r.id}
      className="ml-auto max-w-[85%] rounded-lg rounded-tr-none bg-[#dcf8c6] px-3 py-2 text-sm shadow-sm"
    >
      <p className="break-words whitespace-pre-wrap text-slate-900">
        {r.text ? <WhatsAppText text={r.text} /> : `(${r.type})`}
      </p>
      {/* slate-700: slate-500 on the green bubble is 4.14:1, under the 4.5:1 that small text needs. */}
      <p className="text-right text-[11px] text-slate-700">
        <Clock at={r.receivedAt} timeZone={timeZone} />
      </p>
    </article>
  );
}
