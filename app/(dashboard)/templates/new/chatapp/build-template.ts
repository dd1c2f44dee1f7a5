import { otpBodyText, otpFooterText, type OtpButton } from "@/lib/templates/authentication-schemas";
import type { ChatappComponent, TemplateButton } from "@/lib/templates/chatapp-schemas";

/** The chatapp form's own state: flat fields that map onto Meta's components. */
export type ChatappFormValues = {
  name: string;
  language: string;
  category: "UTILITY" | "MARKETING" | "AUTHENTICATION";
  /** The top header: none, a text, an image, or a document or video (with its sample, as Meta asks). */
  headerFormat: "NONE" | "TEXT" | "IMAGE" | "DOCUMENT" | "VIDEO";
  /** A TEXT header's text and the sample of its {{1}}. */
  headerText: string;
  headerSample: string;
  body: string;
  samples: string[];
  footer: string;
  /** AUTHENTICATION: Meta writes the texts; the business chooses these and the OTP button. */
  auth: {
    securityRecommendation: boolean;
    /** Minutes, as typed; empty for no expiry warning. */
    codeExpiration: string;
    otpType: OtpButton["otp_type"];
    copyText: string;
    autofillText: string;
    packageName: string;
    signatureHash: string;
    zeroTapTerms: boolean;
  };
  buttons: {
    type: Exclude<TemplateButton["type"], "OTP">;
    text: string;
    url: string;
    example: string;
    phone_number: string;
  }[];
  carousel: boolean;
  cards: { body: string; button: string }[];
};

export const emptyButton = { type: "QUICK_REPLY" as const, text: "", url: "", example: "", phone_number: "" };

export const emptyAuth: ChatappFormValues["auth"] = {
  securityRecommendation: true,
  codeExpiration: "",
  otpType: "COPY_CODE",
  copyText: "",
  autofillText: "",
  packageName: "",
  signatureHash: "",
  zeroTapTerms: false,
};

/** An authentication template's components: Meta's preset texts, the expiry and the OTP button. */
function authComponents(a: ChatappFormValues["auth"], fields: Record<number, string>): ChatappComponent[] {
  const out: ChatappComponent[] = [];
  fields[out.length] = "auth.securityRecommendation";
  out.push({
    type: "BODY",
    // Meta's default is without it; leaving the key out then keeps an unchanged template equal.
    ...(a.securityRecommendation ? { add_security_recommendation: true } : {}),
    text: otpBodyText(a.securityRecommendation),
  });
  if (a.codeExpiration.trim()) {
    fields[out.length] = "auth.codeExpiration";
    const minutes = Number(a.codeExpiration);
    out.push({
      type: "FOOTER",
      code_expiration_minutes: minutes,
      text: Number.isInteger(minutes) ? otpFooterText(minutes) : "",
    } as ChatappComponent);
  }
  fields[out.length] = "auth.button";
  const apps = a.otpType !== "COPY_CODE";
  out.push({
    type: "BUTTONS",
    buttons: [
      {
        type: "OTP",
        otp_type: a.otpType,
        ...(a.copyText.trim() ? { text: a.copyText } : {}),
        ...(apps && a.autofillText.trim() ? { autofill_text: a.autofillText } : {}),
        ...(apps
          ? { supported_apps: [{ package_name: a.packageName, signature_hash: a.signatureHash }] }
          : {}),
        ...(a.otpType === "ZERO_TAP" ? { zero_tap_terms_accepted: a.zeroTapTerms } : {}),
      },
    ],
  });
  return out;
}

/** "buttons.0.supported_apps.0.package_name" -> "auth.packageName" (the one OTP button's fields). */
const OTP_FIELDS: [RegExp, string][] = [
  [/package_name/, "auth.packageName"],
  [/signature_hash/, "auth.signatureHash"],
  [/supported_apps/, "auth.packageName"],
  [/zero_tap_terms_accepted/, "auth.zeroTapTerms"],
  [/autofill_text/, "auth.autofillText"],
  [/\.text$/, "auth.copyText"],
  [/otp_type/, "auth.otpType"],
];

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
  const auth = v.category === "AUTHENTICATION";
  if (auth) components.push(...authComponents(v.auth, fields));
  if (!auth && v.headerFormat === "TEXT" && !v.carousel) {
    fields[components.length] = "headerText";
    components.push({
      type: "HEADER",
      format: "TEXT",
      text: v.headerText,
      ...(countVars(v.headerText) > 0 ? { example: { header_text: [v.headerSample] } } : {}),
    });
  } else if (!auth && v.headerFormat !== "NONE" && !v.carousel) {
    fields[components.length] = "headerFormat";
    components.push({ type: "HEADER", format: v.headerFormat, example: { header_handle: [] } });
  }
  if (auth) return finish(v, components, fields);
  return finish(v, bodyAndRest(v, components, fields), fields);
}

function bodyAndRest(v: ChatappFormValues, components: ChatappComponent[], fields: Record<number, string>) {
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
  return components;
}

function finish(v: ChatappFormValues, components: ChatappComponent[], fields: Record<number, string>) {
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
    if (field === "auth.button") return OTP_FIELDS.find(([re]) => re.test(rest))?.[1] ?? "auth.otpType";
    if (field === "headerText") return rest.startsWith("example") ? "headerSample" : "headerText";
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
