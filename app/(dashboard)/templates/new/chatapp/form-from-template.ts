import type { ChatappComponent } from "@/lib/templates/chatapp-schemas";
import type { OtpButton } from "@/lib/templates/authentication-schemas";
import { buildChatappTemplate, emptyAuth, emptyButton, type ChatappFormValues } from "./build-template";
import type { Upload } from "@/components/templates/upload-media";

/** A stored template as the chatapp form edits it (duplicate, edit and resubmit). */
export type ChatappFormStart = {
  values: ChatappFormValues;
  header: Upload;
  cardImages: Upload[];
  /** True when the form cannot show everything the template has (e.g. card parts it lacks). */
  lossy: boolean;
};

const mediaUrl = (sha256: string) => `/templates/media/${sha256}`;
const upload = (sha256: string | undefined): Upload => (sha256 ? { sha256, url: mediaUrl(sha256) } : null);

export function chatappFormFrom(t: {
  name: string;
  language: string;
  category: string | null;
  components: ChatappComponent[];
  mediaHashes: string[];
}): ChatappFormStart {
  const find = <T extends ChatappComponent["type"]>(type: T) =>
    t.components.find((c) => c.type === type) as Extract<ChatappComponent, { type: T }> | undefined;
  const header = find("HEADER");
  const body = find("BODY");
  const footer = find("FOOTER");
  const buttons = find("BUTTONS");
  const carousel = find("CAROUSEL");
  const otp = buttons?.buttons.find((b): b is OtpButton => b.type === "OTP");
  const app = otp?.supported_apps?.[0] ?? otp;
  const values: ChatappFormValues = {
    name: t.name,
    language: t.language,
    category: (t.category ?? "UTILITY") as ChatappFormValues["category"],
    headerFormat: header?.format ?? "NONE",
    headerText: header?.text ?? "",
    headerSample: header?.example?.header_text?.[0] ?? "",
    auth: otp
      ? {
          securityRecommendation:
            body && "add_security_recommendation" in body ? !!body.add_security_recommendation : false,
          codeExpiration:
            footer && "code_expiration_minutes" in footer ? String(footer.code_expiration_minutes) : "",
          otpType: otp.otp_type,
          copyText: otp.text ?? "",
          autofillText: otp.autofill_text ?? "",
          packageName: app?.package_name ?? "",
          signatureHash: app?.signature_hash ?? "",
          zeroTapTerms: !!otp.zero_tap_terms_accepted,
        }
      : emptyAuth,
    body: body?.text ?? "",
    samples: body?.example?.body_text?.[0] ?? [],
    footer: footer?.text ?? "",
    buttons: (otp ? [] : (buttons?.buttons ?? [])).flatMap((b) =>
      b.type === "OTP"
        ? []
        : [
            {
              ...emptyButton,
              type: b.type,
              text: b.text,
              url: b.type === "URL" ? b.url : "",
              example: b.type === "URL" ? (b.example?.[0] ?? "") : "",
              phone_number: b.type === "PHONE_NUMBER" ? b.phone_number : "",
            },
          ],
    ),
    carousel: !!carousel,
    cards: carousel
      ? carousel.cards.map((card) => {
          const cardBody = card.components.find((c) => c.type === "BODY");
          const cardButtons = card.components.find((c) => c.type === "BUTTONS");
          return {
            body: cardBody && "text" in cardBody ? cardBody.text : "",
            button: cardButtons && "buttons" in cardButtons ? (cardButtons.buttons[0]?.text ?? "") : "",
          };
        })
      : [
          { body: "", button: "" },
          { body: "", button: "" },
        ],
  };
  const rebuilt = buildChatappTemplate(values).template.components;
  const lossy = JSON.stringify(normalise(rebuilt)) !== JSON.stringify(normalise(t.components));
  return {
    values,
    header: carousel ? null : upload(t.mediaHashes[0]),
    cardImages: carousel ? carousel.cards.map((_, i) => upload(t.mediaHashes[i])) : [],
    lossy,
  };
}

/** Components without image handles and with sorted keys, to compare the rebuilt with the original. */
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (!v || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, k === "header_handle" ? [] : normalise((v as Record<string, unknown>)[k])]),
  );
}
