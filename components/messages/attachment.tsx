import { cn } from "@/components/ui/cn";
import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";

/** A document or video header: the file's name, a link to open it when it has one. */
export function Attachment({ a }: { a: NonNullable<InboxMessage["preview"]["attachment"]> }) {
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
