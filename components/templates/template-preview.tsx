import type { ChatappComponent } from "@/lib/templates/chatapp-schemas";
import type { RcsCardContent, RcsRichCard } from "@/lib/templates/rcs-schemas";
import { otpButtonLabel, type OtpButton } from "@/lib/templates/authentication-schemas";
import { fillVariables } from "@/lib/templates/variables";

/** A phone-like frame around a message preview (also the message page's "what was sent"). */
export function Phone({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div
      className="mx-auto w-full max-w-[320px] rounded-[2rem] border-8 border-slate-800 bg-slate-800 shadow-lg"
      data-testid="template-preview"
    >
      <div className="rounded-t-[1.4rem] bg-emerald-700 px-4 py-2 text-sm font-medium text-white">
        {title}
      </div>
      <div className="min-h-72 rounded-b-[1.4rem] bg-[#e5ddd5] p-3">{children}</div>
    </div>
  );
}

function Img({ src }: { src?: string }) {
  return src ? (
    // eslint-disable-next-line @next/next/no-img-element -- previews of uploads, not optimisable assets
    <img src={src} alt="Header image" className="h-36 w-full rounded-md object-cover" />
  ) : (
    <div className="flex h-36 w-full items-center justify-center rounded-md bg-slate-200 text-xs text-slate-600">
      Image
    </div>
  );
}

type PreviewButton = {
  type: string;
  text?: string;
  otp_type?: OtpButton["otp_type"];
  autofill_text?: string;
};

function Buttons({ buttons }: { buttons: PreviewButton[] }) {
  return (
    <div className="mt-1 divide-y divide-slate-200 border-t border-slate-200">
      {buttons.map((b, i) => (
        <div key={i} className="py-1.5 text-center text-sm font-medium text-sky-700">
          {b.type === "URL" ? "↗ " : b.type === "PHONE_NUMBER" ? "✆ " : "↩ "}
          {b.type === "OTP" && b.otp_type
            ? otpButtonLabel({ ...b, otp_type: b.otp_type })
            : b.text || "Button"}
        </div>
      ))}
    </div>
  );
}

/**
 * The chatapp message as the recipient sees it: one bubble with image, body (samples filled
 * in), footer and buttons; a carousel adds a row of cards. `imageUrls` follow the IMAGE
 * headers in order (top header, then cards).
 */
export function ChatappPreview({
  components,
  samples = [],
  imageUrls = [],
}: {
  components: ChatappComponent[];
  samples?: string[];
  imageUrls?: (string | undefined)[];
}) {
  let img = 0;
  const header = components.find((c) => c.type === "HEADER");
  const headerUrl = header?.format === "IMAGE" ? imageUrls[img++] : undefined;
  const body = components.find((c) => c.type === "BODY");
  const footer = components.find((c) => c.type === "FOOTER");
  const buttons = components.find((c) => c.type === "BUTTONS");
  const carousel = components.find((c) => c.type === "CAROUSEL");
  const values = samples.length ? samples : (body?.example?.body_text?.[0] ?? []);
  return (
    <Phone title="Business">
      <div className="max-w-[92%] rounded-lg rounded-tl-none bg-white p-1.5 shadow-sm">
        {header?.format === "IMAGE" ? <Img src={headerUrl} /> : null}
        {header?.format === "TEXT" ? (
          <p className="px-1.5 pt-1 text-sm font-semibold text-slate-900" data-testid="preview-header">
            {fillVariables(header.text ?? "", header.example?.header_text ?? [])}
          </p>
        ) : null}
        {header && header.format !== "IMAGE" && header.format !== "TEXT" ? (
          // The document or video is a parameter of each send, so there is nothing to show yet.
          <div className="flex h-16 w-full items-center justify-center rounded-md bg-slate-200 text-xs text-slate-600">
            {header.format === "DOCUMENT" ? "Document" : "Video"}
          </div>
        ) : null}
        <p className="px-1.5 py-1 text-sm whitespace-pre-wrap text-slate-900" data-testid="preview-body">
          {body ? fillVariables(body.text, values) : "Your message"}
        </p>
        {footer ? <p className="px-1.5 pb-1 text-xs text-slate-600">{footer.text}</p> : null}
        <p className="px-1.5 text-right text-[10px] text-slate-600">12:00</p>
        {buttons ? <Buttons buttons={buttons.buttons} /> : null}
      </div>
      {carousel ? (
        <div className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {carousel.cards.map((card, i) => {
            const url = imageUrls[img++];
            const cb = card.components.find((c) => c.type === "BODY");
            const cbtn = card.components.find((c) => c.type === "BUTTONS");
            return (
              <div key={i} className="w-44 shrink-0 rounded-lg bg-white p-1.5 shadow-sm">
                <Img src={url} />
                <p className="px-1 py-1 text-xs text-slate-900">{cb?.text ?? ""}</p>
                {cbtn ? <Buttons buttons={cbtn.buttons} /> : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </Phone>
  );
}

const heights = { SHORT: "h-24", MEDIUM: "h-36", TALL: "h-52" } as const;

/** The RCS rich card as the recipient sees it: one card, or a carousel's cards side by side. */
export function RcsPreview({ card }: { card: RcsRichCard | null }) {
  const rich = card?.richCard;
  if (rich && "carouselCard" in rich) {
    const width = rich.carouselCard.cardWidth === "SMALL" ? "w-36" : "w-52";
    return (
      <Phone title="RCS agent">
        <div
          className="flex snap-x gap-2 overflow-x-auto pb-1"
          data-testid="rcs-carousel-preview"
          role="list"
          aria-label={`Carousel of ${rich.carouselCard.cardContents.length} cards`}
          tabIndex={0}
        >
          {rich.carouselCard.cardContents.map((c, i) => (
            <div
              key={i}
              role="listitem"
              className={`${width} shrink-0 snap-start`}
              aria-label={`Card ${i + 1}`}
            >
              <RcsCardBody content={c} />
            </div>
          ))}
        </div>
      </Phone>
    );
  }
  return (
    <Phone title="RCS agent">
      <div className="max-w-[92%]" data-testid="rcs-card-preview">
        <RcsCardBody content={rich?.standaloneCard.cardContent} />
      </div>
    </Phone>
  );
}

function RcsCardBody({ content: c }: { content: RcsCardContent | undefined }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
      {c?.media ? (
        // eslint-disable-next-line @next/next/no-img-element -- remote media chosen by the business
        <img
          src={c.media.contentInfo.fileUrl}
          alt="Card media"
          className={`w-full bg-slate-200 object-cover ${heights[c.media.height]}`}
        />
      ) : null}
      <div className="space-y-1 p-3">
        <p className="text-sm font-semibold text-slate-900">{c?.title || "Card title"}</p>
        {c?.description ? (
          <p className="text-sm whitespace-pre-wrap text-slate-700">{c.description}</p>
        ) : null}
      </div>
      {c?.suggestions?.length ? (
        <div className="flex flex-wrap gap-2 px-3 pb-3">
          {c.suggestions.map((s, i) => (
            <span
              key={i}
              className="rounded-full border border-sky-600 px-3 py-1 text-xs font-medium text-sky-700"
            >
              {s.action.text || "Suggestion"}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
