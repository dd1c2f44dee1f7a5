import { cardContentsOf, type RcsRichCard } from "@/lib/templates/rcs-schemas";
import type { RcsCardFormValues, RcsFormValues } from "./rcs-form";

/** A stored RCS template as the RCS form edits it (duplicate, edit and resubmit). */
export function rcsFormFrom(t: {
  name: string;
  language: string;
  rcsCard: RcsRichCard | null;
  mediaHashes: string[];
}): RcsFormValues {
  const rich = t.rcsCard?.richCard;
  const cards: RcsCardFormValues[] = (rich ? cardContentsOf(rich) : [undefined]).map((c) => {
    const fileUrl = c?.media?.contentInfo.fileUrl ?? "";
    // An uploaded image's public address ends with its hash: the card edits it as an upload.
    const uploaded = t.mediaHashes.find((h) => fileUrl.endsWith(`/${h}`));
    return {
      title: c?.title ?? "",
      description: c?.description ?? "",
      fileUrl: uploaded ? "" : fileUrl,
      height: c?.media?.height ?? "MEDIUM",
      suggestions: (c?.suggestions ?? []).map((s) => ({
        text: s.action.text,
        url: s.action.openUrlAction.url,
      })),
      imageHash: uploaded ?? "",
      imageUrl: uploaded ? `/templates/media/${uploaded}` : "",
    };
  });
  return {
    name: t.name,
    language: t.language,
    layout: rich && "carouselCard" in rich ? "carousel" : "standalone",
    cardWidth: rich && "carouselCard" in rich ? rich.carouselCard.cardWidth : "MEDIUM",
    cards,
  };
}
