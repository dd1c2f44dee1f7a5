import type { TemplateView } from "./schemas";
import { variablesOf } from "./variables";

export type TestField = { label: string; example: string };

/**
 * The values a test send of a template needs, in send order (body variables, then the URL
 * buttons' suffixes; an RCS card's variables across the card), each with the template's own
 * sample pre-filled. `unsupported` says why a template cannot be tested from the dashboard.
 */
export function testSlotsOf(t: TemplateView): {
  fields: TestField[];
  body: number;
  urlButtons: number[];
  imageHash: string | null;
  unsupported: string | null;
} {
  if (t.channel === "rcs") {
    const c = t.rcsCard?.richCard.standaloneCard.cardContent;
    const texts = [
      c?.title ?? "",
      c?.description ?? "",
      ...(c?.suggestions ?? []).flatMap((s) => [
        s.action.text,
        s.action.postbackData ?? "",
        s.action.openUrlAction.url,
      ]),
    ];
    const n = variablesOf(texts.join(" ")).length;
    const fields = Array.from({ length: n }, (_, i) => ({ label: `{{${i + 1}}}`, example: "" }));
    return { fields, body: n, urlButtons: [], imageHash: null, unsupported: null };
  }
  const header = t.components.find((c) => c.type === "HEADER");
  const format = header && "format" in header ? header.format : undefined;
  const unsupported = t.components.some((c) => c.type === "CAROUSEL")
    ? "Carousel templates are sent through the API (each card needs its own image and values)"
    : format && format !== "IMAGE"
      ? `A ${format} header needs a media file for each send: send this template through the API`
      : null;
  const body = t.components.find((c) => c.type === "BODY");
  const bodyText = body && "text" in body ? body.text : "";
  const samples = (body && "example" in body ? body.example?.body_text?.[0] : undefined) ?? [];
  const fields: TestField[] = variablesOf(bodyText).map((n, i) => ({
    label: `Body {{${n}}}`,
    example: samples[i] ?? "",
  }));
  const bodyCount = fields.length;
  const urlButtons: number[] = [];
  const buttons = t.components.find((c) => c.type === "BUTTONS");
  (buttons && "buttons" in buttons ? buttons.buttons : []).forEach((b, i) => {
    if (b.type === "URL" && b.url.includes("{{1}}")) {
      urlButtons.push(i);
      fields.push({ label: `Button "${b.text}" URL {{1}}`, example: b.example?.[0] ?? "" });
    }
  });
  return {
    fields,
    body: bodyCount,
    urlButtons,
    imageHash: format === "IMAGE" ? (t.mediaHashes[0] ?? null) : null,
    unsupported,
  };
}
