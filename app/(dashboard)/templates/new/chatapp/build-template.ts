import type { ChatappComponent, TemplateButton } from "@/lib/templates/schemas";

/** The chatapp form's own state: flat fields that map onto Meta's components. */
export type ChatappFormValues = {
  name: string;
  language: string;
  category: "UTILITY" | "MARKETING" | "AUTHENTICATION";
  /** The top header: none, an image, or a document or video (with its sample, as Meta asks). */
  headerFormat: "NONE" | "IMAGE" | "DOCUMENT" | "VIDEO";
  body: string;
  samples: string[];
  footer: string;
  buttons: {
    type: TemplateButton["type"];
    text: string;
    url: string;
    example: string;
    phone_number: string;
  }[];
  carousel: boolean;
  cards: { body: string; button: string }[];
};

export const emptyButton = { type: "QUICK_REPLY" as const, text: "", url: "", example: "", phone_number: "" };

function toButton(b: ChatappFormValues["buttons"][number]): TemplateButton {
  if (b.type === "URL")
    return {
      type: "URL",
      text: b.text,
      url: b.url,
      ...(b.url.includes("{{") ? { example: [b.example] } : {}),
    };
  if (b.type === "PHONE_NUMBER") return { type: "PHONE_NUMBER", text: b.text, phone_number: b.phone_number };
  return { type: "QUICK_REPLY", text: b.text };
}

/**
 * Builds the API's template body from the form, and a map from the API's error paths back to
 * form fields, so the form validates with the same zod schema as D1/D2 and shows each
 * problem beside its input.
 */
export function buildChatappTemplate(v: ChatappFormValues) {
  const components: ChatappComponent[] = [];
  const fields: Record<number, string> = {};
  if (v.headerFormat !== "NONE" && !v.carousel) {
    fields[components.length] = "headerFormat";
    components.push({ type: "HEADER", format: v.headerFormat, example: { header_handle: [] } });
  }
  fields[components.length] = "body";
  const samples = v.samples.slice(0, countVars(v.body));
  components.push({
    type: "BODY",
    text: v.body,
    ...(samples.length ? { example: { body_text: [samples] } } : {}),
  });
  if (v.carousel) {
    fields[components.length] = "cards";
    components.push({
      type: "CAROUSEL",
      cards: v.cards.map((c) => ({
        components: [
          { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
          { type: "BODY", text: c.body },
          ...(c.button
            ? [{ type: "BUTTONS" as const, buttons: [{ type: "QUICK_REPLY" as const, text: c.button }] }]
            : []),
        ],
      })),
    });
  } else {
    if (v.footer.trim()) {
      fields[components.length] = "footer";
      components.push({ type: "FOOTER", text: v.footer });
    }
    if (v.buttons.length) {
      fields[components.length] = "buttons";
      components.push({ type: "BUTTONS", buttons: v.buttons.map(toButton) });
    }
  }
  const template = { name: v.name, language: v.language, category: v.category, components };
  /** "components.1.buttons.0.text" -> "buttons.0.text"; unknown paths -> undefined. */
  const fieldOf = (path: string): string | undefined => {
    const m = /^components\.(\d+)(?:\.(.*))?$/.exec(path);
    if (!m)
      return ["name", "language", "category"].includes(path)
        ? path
        : path === "files"
          ? "headerFormat"
          : undefined;
    const field = fields[Number(m[1])];
    const rest = m[2] ?? "";
    if (field === "body") return rest.startsWith("example") ? "samples" : "body";
    if (field === "buttons") {
      const b = /^buttons\.(\d+)\.(text|url|example|phone_number)/.exec(rest);
      return b ? `buttons.${b[1]}.${b[2]}` : "buttons";
    }
    if (field === "cards") {
      const c = /^cards\.(\d+)\.components\.(\d+)/.exec(rest);
      return c ? `cards.${c[1]}.${c[2] === "1" ? "body" : "button"}` : "cards";
    }
    return field;
  };
  return { template, fieldOf };
}

export function countVars(text: string): number {
  const seen = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) seen.add(m[1]!);
  return seen.size;
}
