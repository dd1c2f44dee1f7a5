import type { MetaComponent, MetaParameter } from "../messages/content/meta-components";
import type { TestField } from "../templates/test-slots";

const textOf = (p: MetaParameter | undefined): string | null => {
  if (!p) return null;
  if (p.type === "text") return p.text;
  if (p.type === "currency") return p.currency.fallback_value;
  if (p.type === "date_time") return p.date_time.fallback_value;
  const media =
    p.type === "image" ? p.image : p.type === "video" ? p.video : p.type === "document" ? p.document : null;
  if (!media) return null;
  return "link" in media ? media.link : media.id;
};

/**
 * The values a template was last sent to this customer with, slot by slot (the composer's
 * prefill, so "Hello Ravi, your order A-1" goes out again as it went before), from the Meta
 * components `messages.content` stores. A slot the send did not fill keeps `null`: the caller
 * puts the template's sample there. Carousels are not read back (each card's slots keep their
 * samples).
 */
export function sentValues(fields: TestField[], components: unknown[]): Array<string | null> {
  const sent = components as MetaComponent[];
  const basic = sent.filter((c) => c.type !== "carousel");
  const body = basic.find((c) => c.type === "body")?.parameters ?? [];
  let bodyAt = 0;
  return fields.map((f) => {
    const t = f.target;
    if (t.card !== undefined) return null;
    if (t.part === "header") return textOf(basic.find((c) => c.type === "header")?.parameters[0]);
    if (t.part === "button")
      return textOf(
        basic.find((c) => c.type === "button" && c.sub_type === "url" && c.index === String(t.index))
          ?.parameters[0],
      );
    return textOf(body[bodyAt++]);
  });
}
