import type { TemplateView } from "../../templates/schemas";
import { cardFields } from "../../templates/schemas";
import { variablesOf } from "../../templates/variables";

/**
 * One value a test send of a template needs, in the order the send form shows them: the media
 * header's URL, the body's {{1}}..{{n}}, then each URL button's {{1}} (chatapp); the card's
 * {{1}}..{{n}} (RCS). `example` is the template's own sample, pre-filled in the form.
 */
export type TestSlot =
  | { kind: "media"; label: string; mediaType: "image" | "document" | "video"; example: string }
  | { kind: "body"; label: string; example: string }
  | { kind: "button"; label: string; index: number; example: string };

/** The slots of an approved template, or null when the form cannot fill it (carousels). */
export function testSendSlots(t: TemplateView, mediaUrl: (hash: string) => string): TestSlot[] | null {
  if (t.channel === "rcs") {
    const content = (t.rcsCard as { richCard?: { standaloneCard?: { cardContent?: unknown } } } | null)
      ?.richCard?.standaloneCard?.cardContent as Parameters<typeof cardFields>[0] | undefined;
    const n = content ? new Set(cardFields(content).flatMap((f) => variablesOf(f.text))).size : 0;
    return Array.from({ length: n }, (_, i) => ({ kind: "body", label: `{{${i + 1}}}`, example: "" }));
  }
  if (t.components.some((c) => c.type === "CAROUSEL")) return null;
  const slots: TestSlot[] = [];
  for (const c of t.components) {
    if (c.type === "HEADER") {
      slots.push({
        kind: "media",
        label: `Header ${c.format.toLowerCase()} URL`,
        mediaType: c.format.toLowerCase() as "image" | "document" | "video",
        example: c.format === "IMAGE" && t.mediaHashes[0] ? mediaUrl(t.mediaHashes[0]) : "",
      });
    } else if (c.type === "BODY") {
      const samples = c.example?.body_text?.[0] ?? [];
      variablesOf(c.text).forEach((n, i) =>
        slots.push({ kind: "body", label: `Body {{${n}}}`, example: samples[i] ?? "" }),
      );
    } else if (c.type === "BUTTONS") {
      c.buttons.forEach((b, index) => {
        if (b.type === "URL" && b.url.includes("{{1}}"))
          slots.push({
            kind: "button",
            label: `Button "${b.text}" URL {{1}}`,
            index,
            example: b.example?.[0] ?? "",
          });
      });
    }
  }
  return slots;
}
