import { MessageMedia } from "@/components/messages/message-media";
import { WhatsAppText } from "@/components/messages/whatsapp-text";
import type { TimelineItem } from "@/lib/conversations/schemas";

const eventWords: Record<string, string> = {
  opened: "Conversation opened",
  assigned: "Assigned",
  transferred: "Transferred",
  unassigned: "Back to waiting",
  pending: "Marked pending",
  resolved: "Resolved",
  reopened: "Reopened",
  customer_changed: "Customer's address changed",
};

/** Who did it: a person by name, routing, an API key; nothing for the customer's own doing. */
function byWhom(actor: TimelineItem["actor"], who: (id: string) => string): string {
  if (actor?.type === "user") return ` by ${who(actor.id)}`;
  if (actor?.type === "api_key") return " through the API";
  if (actor?.type === "system" && actor.id === "routing") return " by routing";
  return "";
}

/**
 * The conversation's messages, notes and events. The list is a live log (new messages are
 * announced as they arrive); newest first in reading order, shown bottom-up like a chat, and
 * the box starts scrolled to the newest.
 */
export function Timeline({
  items,
  names,
  time,
}: {
  items: TimelineItem[];
  names: Map<string, string>;
  time: (s: number) => string;
}) {
  const who = (id: string | null | undefined) => (id ? (names.get(id) ?? "someone") : "");
  return (
    <div
      role="log"
      aria-live="polite"
      aria-label="Messages"
      tabIndex={0}
      className="flex max-h-[55vh] min-h-48 flex-col-reverse overflow-y-auto p-3 lg:max-h-none lg:min-h-32 lg:flex-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
    >
      <ol className="flex flex-col-reverse gap-2">
        {items.map((i) => {
          if (i.kind === "event")
            return (
              <li key={i.id} className="self-center text-xs text-slate-600">
                {eventWords[i.type] ?? i.type}
                {i.text ? `: ${i.text}` : ""}
                {i.toUserId ? ` to ${who(i.toUserId)}` : ""}
                {byWhom(i.actor, who)}
                {" · "}
                {time(i.at)}
              </li>
            );
          if (i.kind === "note")
            return (
              <li
                key={i.id}
                className="max-w-[90%] self-center rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900"
              >
                <span className="font-medium">
                  Note{i.actor?.type === "user" ? ` by ${who(i.actor.id)}` : ""}:{" "}
                </span>
                <span className="break-words whitespace-pre-wrap">{i.text}</span>
              </li>
            );
          const inbound = i.kind === "inbound";
          return (
            <li
              key={i.id}
              aria-label={`${inbound ? "Customer" : i.byFlow ? `Flow ${i.byFlow}` : "Business"} at ${time(i.at)}`}
              className={
                inbound
                  ? "max-w-[85%] self-start rounded-lg bg-white p-2 text-sm shadow-sm"
                  : "max-w-[85%] self-end rounded-lg bg-emerald-100 p-2 text-sm text-slate-900"
              }
            >
              {i.media ? <MessageMedia media={i.media} /> : null}
              {i.text || !i.media ? (
                <span className="block break-words whitespace-pre-wrap">
                  {i.text ? (
                    <WhatsAppText text={i.text} />
                  ) : i.templateName ? (
                    `Template ${i.templateName}`
                  ) : (
                    `[${i.type}]`
                  )}
                </span>
              ) : null}
              {i.choices?.length ? (
                <ul aria-label="Choices offered" className="mt-1 flex flex-wrap gap-1">
                  {i.choices.map((c, n) => (
                    <li
                      key={n}
                      className="rounded-full border border-emerald-300 bg-white px-2 py-0.5 text-xs text-emerald-900"
                    >
                      {c}
                    </li>
                  ))}
                </ul>
              ) : null}
              <span className="mt-0.5 block text-[11px] text-slate-600">
                {i.byFlow ? `Flow ${i.byFlow} · ` : ""}
                {time(i.at)}
                {i.templateName && i.text ? ` · template ${i.templateName}` : ""}
                {i.status ? ` · ${i.status}` : ""}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
