import type { ReactNode } from "react";
import type { ChatappComponent } from "@/lib/templates/chatapp-schemas";
import type { RcsRichCard } from "@/lib/templates/rcs-schemas";
import type { LintWarning } from "@/lib/templates/schemas";

type Part = { label: string; text?: string; samples?: string[]; note?: string };

/** The text as written, its {{n}} markers set off so a reviewer sees where values go. */
function Marked({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\{\{[^}]*\}\})/).map((bit, i) =>
        /^\{\{[^}]*\}\}$/.test(bit) ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 font-mono text-amber-900">
            {bit}
          </mark>
        ) : (
          bit
        ),
      )}
    </>
  );
}

type Basic = { type: string; format?: string; text?: string; example?: unknown; buttons?: unknown[] };
type Btn = { type: string; text: string; url?: string; phone_number?: string; example?: string[] };

function chatappParts(components: Basic[], prefix = ""): Part[] {
  const parts: Part[] = [];
  for (const c of components) {
    if (c.type === "HEADER") {
      const format = c.format ?? "IMAGE";
      parts.push({
        label: `${prefix}Header`,
        note:
          format === "IMAGE"
            ? "IMAGE: the sample image is in the preview"
            : `${format}: the file is a parameter of each send`,
      });
    } else if (c.type === "BODY" || c.type === "FOOTER") {
      const samples = (c.example as { body_text?: string[][] } | undefined)?.body_text?.[0];
      parts.push({ label: `${prefix}${c.type === "BODY" ? "Body" : "Footer"}`, text: c.text ?? "", samples });
    } else if (c.type === "BUTTONS") {
      for (const b of (c.buttons ?? []) as Btn[]) {
        const kind = b.type === "QUICK_REPLY" ? "Quick reply" : b.type === "URL" ? "URL" : "Phone";
        parts.push({
          label: `${prefix}${kind} button "${b.text}"`,
          text: b.url ?? b.phone_number,
          samples: b.example,
        });
      }
    } else if (c.type === "CAROUSEL") {
      const cards = (c as unknown as { cards: { components: Basic[] }[] }).cards;
      cards.forEach((card, i) => parts.push(...chatappParts(card.components, `Card ${i + 1} · `)));
    }
  }
  return parts;
}

type CardContent = Extract<
  RcsRichCard["richCard"],
  { standaloneCard: unknown }
>["standaloneCard"]["cardContent"];

function rcsParts(card: RcsRichCard | null): Part[] {
  const rich = card?.richCard as
    | { standaloneCard?: { cardContent: CardContent }; carouselCard?: { cardContents: CardContent[] } }
    | undefined;
  const contents = rich?.standaloneCard
    ? [rich.standaloneCard.cardContent]
    : (rich?.carouselCard?.cardContents ?? []);
  return contents.flatMap((c, i) => {
    const prefix = contents.length > 1 ? `Card ${i + 1} · ` : "";
    const parts: Part[] = [];
    if (c.media) parts.push({ label: `${prefix}Media`, text: c.media.contentInfo.fileUrl });
    if (c.title !== undefined) parts.push({ label: `${prefix}Title`, text: c.title });
    if (c.description !== undefined) parts.push({ label: `${prefix}Description`, text: c.description });
    for (const s of c.suggestions ?? [])
      parts.push({ label: `${prefix}Suggestion "${s.action.text}"`, text: s.action.openUrlAction.url });
    return parts;
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * A template as submitted, for the operator's review: every part's text with its {{n}}
 * markers, the sample values the business gave for them, and the lint warnings found at
 * creation. The preview beside it shows the samples filled in; this shows what Meta reviews.
 */
export function TemplateSource({
  channel,
  components,
  rcsCard,
  lintWarnings,
}: {
  channel: "chatapp" | "rcs";
  components: ChatappComponent[];
  rcsCard: RcsRichCard | null;
  lintWarnings: LintWarning[];
}) {
  const parts = channel === "chatapp" ? chatappParts(components as Basic[]) : rcsParts(rcsCard);
  return (
    <div className="space-y-4 text-sm">
      <Section title="As submitted">
        <dl
          className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200"
          data-testid="template-source"
        >
          {parts.map((p, i) => (
            <div key={i} className="space-y-1 px-3 py-2">
              <dt className="text-xs font-medium text-slate-600">{p.label}</dt>
              <dd className="min-w-0 space-y-1 text-slate-900 [overflow-wrap:anywhere]">
                {p.text !== undefined ? (
                  <p className="whitespace-pre-wrap">
                    <Marked text={p.text} />
                  </p>
                ) : null}
                {p.note ? <p className="text-slate-700">{p.note}</p> : null}
                {p.samples?.length ? (
                  <ul aria-label={`Samples of ${p.label}`} className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
                    {p.samples.map((s, j) => (
                      <li key={j}>
                        <span className="font-mono text-amber-900">{`{{${j + 1}}}`}</span>{" "}
                        <span className="text-slate-600">sample</span>{" "}
                        <span className="text-slate-900">“{s}”</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Lint warnings">
        {lintWarnings.length ? (
          <ul className="list-disc space-y-1 pl-5 text-amber-900" data-testid="lint-warnings">
            {lintWarnings.map((w, i) => (
              <li key={i}>
                {w.message} <span className="font-mono text-xs text-slate-600">({w.path})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">None: the checks found nothing to flag.</p>
        )}
      </Section>
    </div>
  );
}
