import { formatWhatsApp, type FormatStyle } from "@/lib/conversations/whatsapp-format";

const classes: Record<FormatStyle, string> = {
  bold: "font-semibold",
  italic: "italic",
  strike: "line-through",
  mono: "font-mono text-[0.95em]",
};

/** A message's text as WhatsApp shows it: *bold*, _italic_, ~strike~, ```monospace```. */
export function WhatsAppText({ text }: { text: string }) {
  return (
    <>
      {formatWhatsApp(text).map((s, i) =>
        s.styles.length ? (
          <span key={i} className={s.styles.map((st) => classes[st]).join(" ")}>
            {s.text}
          </span>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
