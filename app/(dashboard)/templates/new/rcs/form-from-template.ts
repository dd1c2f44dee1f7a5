import type { RcsRichCard } from "@/lib/templates/schemas";
import type { RcsFormValues } from "./rcs-form";

/** A stored RCS template as the RCS form edits it (duplicate, edit and resubmit). */
export function rcsFormFrom(t: {
  name: string;
  language: string;
  rcsCard: RcsRichCard | null;
  mediaHashes: string[];
}): RcsFormValues {
  const c = t.rcsCard?.richCard.standaloneCard.cardContent;
  const uploaded = t.mediaHashes[0];
  return {
    name: t.name,
    language: t.language,
    title: c?.title ?? "",
    description: c?.description ?? "",
    fileUrl: uploaded ? "" : (c?.media?.contentInfo.fileUrl ?? ""),
    height: c?.media?.height ?? "MEDIUM",
    suggestions: (c?.suggestions ?? []).map((s) => ({
      text: s.action.text,
      url: s.action.openUrlAction.url,
    })),
    imageHash: uploaded ?? "",
    imageUrl: uploaded ? `/templates/media/${uploaded}` : "",
  };
}
