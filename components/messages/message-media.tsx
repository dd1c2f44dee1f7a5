import type { TimelineMedia } from "@/lib/conversations/schemas";
import { MediaImage } from "./media-image";

const kindWords: Record<TimelineMedia["kind"], string> = {
  image: "Image",
  document: "Document",
  video: "Video",
  audio: "Voice message or audio",
  sticker: "Sticker",
};

/**
 * A sent upload's address on this server, whatever host its public address names: a message
 * that was sent made it public (lib/conversations/reply-media.ts), so anyone signed in, an
 * agent too, can see it. Any other address is the provider's, as given.
 */
function sameOrigin(url: string | null): string | null {
  return url?.match(/^https?:\/\/[^/]+(\/media\/[0-9a-f-]{36}\/[0-9a-f]{64})$/i)?.[1] ?? url;
}

/**
 * The media a conversation's message carries, above its caption: an image or sticker as a
 * picture (a grey box when it cannot be loaded), a document, video or audio as a labelled
 * link to open it (or its name alone when the provider gave no address).
 */
export function MessageMedia({ media }: { media: TimelineMedia }) {
  const words = kindWords[media.kind];
  const url = sameOrigin(media.url);
  if (media.kind === "image" || media.kind === "sticker")
    return (
      <figure className="mb-1" data-testid="message-media">
        <MediaImage src={url} className="h-40 w-56 max-w-full rounded-md" />
        <figcaption className="sr-only">
          {words}
          {media.fileName ? ` ${media.fileName}` : ""}
        </figcaption>
      </figure>
    );
  const label = (
    <>
      <span aria-hidden className="rounded bg-slate-200 px-1.5 py-0.5 text-[10px] font-semibold uppercase">
        {media.kind === "document" ? "doc" : media.kind}
      </span>
      <span className="truncate">{media.fileName ?? words}</span>
    </>
  );
  const cls = "mb-1 flex min-w-0 items-center gap-2 rounded-md bg-slate-100 px-2 py-1.5 text-slate-900";
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      data-testid="message-media"
      aria-label={`${words}${media.fileName ? ` ${media.fileName}` : ""} (opens in a new tab)`}
      className={`${cls} underline-offset-2 hover:underline`}
    >
      {label}
    </a>
  ) : (
    <p className={cls} data-testid="message-media">
      {label}
    </p>
  );
}
