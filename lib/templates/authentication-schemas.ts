import { z } from "zod";

/**
 * AUTHENTICATION templates as Meta defines them (WhatsApp Business Management API,
 * "Authentication templates"): Meta writes the texts itself, so the caller only chooses the
 * security recommendation, the code's expiry and one OTP button (copy code, one-tap autofill
 * or zero-tap). We keep Meta's English preset texts beside those choices, so the preview, the
 * simulator and the send check read an authentication template like any other.
 */

/** Meta's preset body: the code is its one variable. */
export const OTP_BODY = "*{{1}}* is your verification code.";
export const OTP_SECURITY = "For your security, do not share this code.";

export const otpBodyText = (securityRecommendation: boolean | undefined) =>
  securityRecommendation ? `${OTP_BODY} ${OTP_SECURITY}` : OTP_BODY;
export const otpFooterText = (minutes: number) => `This code expires in ${minutes} minutes.`;

const upper = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);
const label = z.string().trim().min(1, "Required").max(25, "At most 25 characters");
const packageName = z
  .string()
  .trim()
  .max(224, "At most 224 characters")
  .regex(
    /^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/,
    "An Android package name such as com.example.app (two or more segments, each starting with a letter)",
  );
const signatureHash = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9+/=]{11}$/, "The app signing key hash: 11 characters (letters, digits, +, / or =)");
const supportedApp = z.object({ package_name: packageName, signature_hash: signatureHash });

export const otpTypes = ["COPY_CODE", "ONE_TAP", "ZERO_TAP"] as const;

export const otpButton = z
  .object({
    type: z.literal("OTP", { error: "An authentication template's button is of type OTP" }),
    otp_type: z.preprocess(upper, z.enum(otpTypes, { error: "otp_type is COPY_CODE, ONE_TAP or ZERO_TAP" })),
    /** The copy-code button's label (Meta's localised "Copy code" when left out). */
    text: label.optional(),
    /** The one-tap autofill button's label (Meta's localised "Autofill" when left out). */
    autofill_text: label.optional(),
    supported_apps: z.array(supportedApp).min(1, "At least one app").max(5, "At most 5 apps").optional(),
    /** Meta's older form of one app: at the button itself. */
    package_name: packageName.optional(),
    signature_hash: signatureHash.optional(),
    zero_tap_terms_accepted: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const buttonLevel = b.package_name !== undefined || b.signature_hash !== undefined;
    if (b.supported_apps && buttonLevel)
      ctx.addIssue({
        code: "custom",
        path: ["supported_apps"],
        message: "Give the apps in supported_apps or as package_name and signature_hash, not both",
      });
    if (buttonLevel && (b.package_name === undefined || b.signature_hash === undefined))
      ctx.addIssue({
        code: "custom",
        path: [b.package_name === undefined ? "package_name" : "signature_hash"],
        message: "package_name and signature_hash go together",
      });
    if (b.otp_type !== "COPY_CODE" && !b.supported_apps && !buttonLevel)
      ctx.addIssue({
        code: "custom",
        path: ["supported_apps"],
        message: `A ${b.otp_type} button needs your Android app: supported_apps [{ package_name, signature_hash }]`,
      });
    if (b.otp_type === "ZERO_TAP" && b.zero_tap_terms_accepted !== true)
      ctx.addIssue({
        code: "custom",
        path: ["zero_tap_terms_accepted"],
        message: "A ZERO_TAP button needs zero_tap_terms_accepted: true (Meta's zero-tap terms)",
      });
  });
export type OtpButton = z.infer<typeof otpButton>;

/** What the recipient's button reads: Meta's English defaults when no label was given. */
export const otpButtonLabel = (b: Pick<OtpButton, "otp_type" | "text" | "autofill_text">) =>
  b.otp_type === "COPY_CODE" ? (b.text ?? "Copy code") : (b.autofill_text ?? "Autofill");

/** Meta's text as its GET answers it (possibly localised) is kept; a custom text is refused. */
function presetText(kind: "body" | "footer") {
  return z
    .string()
    .trim()
    .max(kind === "body" ? 1024 : 60)
    .refine(
      (t) => (kind === "body" ? /\{\{\s*1\s*\}\}/.test(t) && !/\{\{\s*[2-9]/.test(t) : !/\{\{/.test(t)),
      {
        message:
          kind === "body"
            ? "Meta writes an authentication template's body ({{1}} is the code): leave out text"
            : "Meta writes an authentication template's footer from code_expiration_minutes: leave out text",
      },
    )
    .optional();
}

export const otpBodyComponent = z
  .object({
    type: z.literal("BODY"),
    add_security_recommendation: z.boolean().optional(),
    text: presetText("body"),
  })
  .transform((b): OtpBody => ({ ...b, text: b.text ?? otpBodyText(b.add_security_recommendation) }));

/** `example` never: Meta takes no samples for its own text (typed so readers of BODY need no cast). */
type OtpBody = { type: "BODY"; text: string; add_security_recommendation?: boolean; example?: never };

export const otpFooterComponent = z
  .object({
    type: z.literal("FOOTER"),
    code_expiration_minutes: z
      .number({ error: "code_expiration_minutes: the minutes the code is valid, 1 to 90" })
      .int("A whole number of minutes")
      .min(1, "At least 1 minute")
      .max(90, "At most 90 minutes"),
    text: presetText("footer"),
  })
  .superRefine((f, ctx) => {
    // Meta's footer (in any language) gives the minutes; another text is not Meta's.
    if (f.text !== undefined && !f.text.includes(String(f.code_expiration_minutes)))
      ctx.addIssue({
        code: "custom",
        path: ["text"],
        message:
          "Meta writes an authentication template's footer from code_expiration_minutes: leave out text",
      });
  })
  .transform((f) => ({ ...f, text: f.text ?? otpFooterText(f.code_expiration_minutes) }));

export const otpButtonsComponent = z.object({
  type: z.literal("BUTTONS"),
  buttons: z.array(otpButton).length(1, "An authentication template has exactly one button, of type OTP"),
});

export const authenticationComponent = z.discriminatedUnion(
  "type",
  [otpBodyComponent, otpFooterComponent, otpButtonsComponent],
  {
    error:
      "An authentication template's components are BODY, FOOTER and BUTTONS (Meta writes their text; no HEADER)",
  },
);
export type AuthenticationComponent = z.output<typeof authenticationComponent>;

export const authenticationComponents = z
  .array(authenticationComponent)
  .max(3)
  .superRefine((list, ctx) => {
    const count = (t: string) => list.filter((c) => c.type === t).length;
    if (count("BODY") !== 1) ctx.addIssue({ code: "custom", message: "Exactly one BODY component" });
    if (count("BUTTONS") !== 1)
      ctx.addIssue({
        code: "custom",
        message: "An authentication template needs a BUTTONS component with its OTP button",
      });
    if (count("FOOTER") > 1) ctx.addIssue({ code: "custom", message: "At most one FOOTER component" });
  });
