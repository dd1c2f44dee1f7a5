import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";
import { MediaImage } from "./media-image";

/** A carousel's cards under the bubble, scrolled sideways as on a phone. */
export function CarouselCards({ cards }: { cards: NonNullable<InboxMessage["preview"]["cards"]> }) {
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
