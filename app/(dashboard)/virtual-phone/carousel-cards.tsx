import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";
import { MediaImage } from "@/components/messages/media-image";
import { WhatsAppText } from "@/components/messages/whatsapp-text";
import { TapButton } from "./tap-button";

/**
 * A carousel's cards under the bubble, scrolled sideways as on a phone. On the virtual phone
 * (`messageId` given) their buttons can be tapped; elsewhere (the message page) they are shown.
 */
export function CarouselCards({
  cards,
  messageId,
  tappable,
}: {
  cards: NonNullable<InboxMessage["preview"]["cards"]>;
  messageId?: string;
  tappable?: boolean;
}) {
  return (
    <ul aria-label="Carousel cards" className="mt-1.5 flex gap-2 overflow-x-auto pb-1">
      {cards.map((card, i) => (
        <li
          key={i}
          aria-label={`Card ${i + 1} of ${cards.length}`}
          className="w-40 shrink-0 overflow-hidden rounded-lg bg-white shadow-sm"
        >
          <MediaImage src={card.imageUrl} className="h-24" />
          <p className="px-2 py-1.5 text-xs whitespace-pre-wrap text-slate-900">
            <WhatsAppText text={card.text} />
          </p>
          {card.buttons.length > 0 ? (
            <div className="divide-y divide-slate-200 border-t border-slate-200 text-xs">
              {card.buttons.map((b, j) =>
                messageId ? (
                  <TapButton
                    key={j}
                    messageId={messageId}
                    card={i}
                    index={j}
                    text={b.text}
                    url={b.url}
                    tappable={tappable ?? false}
                    className="py-1.5"
                  />
                ) : (
                  <span key={j} className="block py-1.5 text-center font-medium text-sky-700" title={b.url}>
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
