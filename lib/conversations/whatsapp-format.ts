/**
 * WhatsApp's inline formatting as the customer's phone shows it: *bold*, _italic_, ~strike~ and
 * ```monospace```. A marker pair counts only around text that neither starts nor ends with a
 * space, that stands at word edges (snake_case_name stays as written) and never spans a line
 * break, as WhatsApp renders it; monospace is taken as is.
 */
export type FormatStyle = "bold" | "italic" | "strike" | "mono";
export type FormatSpan = { text: string; styles: FormatStyle[] };

const markers: Array<[string, FormatStyle]> = [
  ["```", "mono"],
  ["*", "bold"],
  ["_", "italic"],
  ["~", "strike"],
];

const wordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

export function formatWhatsApp(text: string, styles: FormatStyle[] = []): FormatSpan[] {
  const spans: FormatSpan[] = [];
  let plain = "";
  let i = 0;
  const flush = () => {
    if (plain) spans.push({ text: plain, styles });
    plain = "";
  };
  outer: while (i < text.length) {
    for (const [mark, style] of markers) {
      if (!text.startsWith(mark, i) || styles.includes(style)) continue;
      const start = i + mark.length;
      const end = text.indexOf(mark, start);
      const inner = end > start ? text.slice(start, end) : "";
      const edges = !wordChar(text[i - 1]) && !wordChar(text[end + mark.length]);
      const fits =
        inner.length > 0 && edges && (style === "mono" || (!/^\s|\s$/.test(inner) && !inner.includes("\n")));
      if (!fits) continue;
      flush();
      if (style === "mono") spans.push({ text: inner, styles: [...styles, "mono"] });
      else spans.push(...formatWhatsApp(inner, [...styles, style]));
      i = end + mark.length;
      continue outer;
    }
    plain += text[i];
    i += 1;
  }
  flush();
  return spans;
}
