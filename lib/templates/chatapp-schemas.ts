import { z } from "zod";
import { templateCategories } from "@/db/schema/templates";
import { HTTP_URL } from "../validation/http-url";
import { authenticationComponents, type AuthenticationComponent } from "./authentication-schemas";
import { limits, templateLanguage, templateName } from "./template-fields";
import { upperTypes } from "./upper-types";
import { checkVariables, variablesOf } from "./variables";

/** The chatapp (WhatsApp) template's components as Meta takes them, and the D1/D2 body. */
const sampleValue = z.string().trim().min(1, "Sample value required").max(200);

/**
 * A header. TEXT headers carry their text (at most one variable, `{{1}}`, with its sample in
 * `example.header_text`), as Meta takes them. IMAGE headers take their sample image as a file
 * at creation; DOCUMENT and VIDEO headers are accepted without a sample (the document or video
 * is a parameter of each send: a media parameter with that mediaType).
 */
export const headerFormats = ["TEXT", "IMAGE", "DOCUMENT", "VIDEO"] as const;

const headerObject = z.object({
  type: z.literal("HEADER"),
  format: z.preprocess(
    (v) => (typeof v === "string" ? v.toUpperCase() : v),
    z.enum(headerFormats, { error: "format is TEXT, IMAGE, DOCUMENT or VIDEO" }),
  ),
  /** A TEXT header's text. */
  text: z
    .string()
    .trim()
    .min(1, "Required")
    .max(limits.headerText, `At most ${limits.headerText} characters`)
    .optional(),
  // header_handle: empty on creation (the image travels as a file), the media URL on output.
  example: z
    .object({
      header_handle: z.array(z.string()).max(1).optional(),
      header_text: z.array(sampleValue).max(1, "A header has one variable, so one sample").optional(),
    })
    .optional(),
});

export const headerComponent = headerObject.superRefine((h, ctx) => {
  if (h.format !== "TEXT") {
    if (h.text !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["text"],
        message: `A ${h.format} header has no text; use format TEXT`,
      });
    return;
  }
  if (h.text === undefined)
    return void ctx.addIssue({ code: "custom", path: ["text"], message: "A TEXT header needs its text" });
  const vars = variablesOf(h.text);
  if (vars.length > 1 || (vars.length === 1 && vars[0] !== 1) || (h.text.match(/\{\{/g) ?? []).length > 1)
    return void ctx.addIssue({
      code: "custom",
      path: ["text"],
      message: "A header has at most one variable, {{1}}",
    });
  for (const issue of checkVariables(h.text, h.example?.header_text, ["text"])) {
    ctx.addIssue(
      issue.path[0] === "example"
        ? {
            ...issue,
            path: ["example", "header_text"],
            message:
              vars.length === 0
                ? "The header has no variable, so it takes no sample value"
                : 'Give the sample value of {{1}} in example.header_text, e.g. ["42"]',
          }
        : issue,
    );
  }
});

/** A carousel card's header: always its image. */
export const cardHeaderComponent = headerObject.extend({
  format: z.literal("IMAGE", { error: "A card's header is an IMAGE" }),
});

function bodyOf(max: number) {
  return z
    .object({
      type: z.literal("BODY"),
      text: z.string().trim().min(1, "Required").max(max, `At most ${max} characters`),
      example: z.object({ body_text: z.array(z.array(sampleValue)).max(1) }).optional(),
    })
    .superRefine((body, ctx) => {
      for (const issue of checkVariables(body.text, body.example?.body_text?.[0])) ctx.addIssue(issue);
    });
}

export const bodyComponent = bodyOf(limits.body);
export const cardBodyComponent = bodyOf(limits.cardBody);

export const footerComponent = z.object({
  type: z.literal("FOOTER"),
  text: z.string().trim().min(1, "Required").max(limits.footer, `At most ${limits.footer} characters`),
});

const buttonText = z
  .string()
  .trim()
  .min(1, "Required")
  .max(limits.buttonText, `At most ${limits.buttonText} characters`);

export const quickReplyButton = z.object({ type: z.literal("QUICK_REPLY"), text: buttonText });

export const urlButton = z
  .object({
    type: z.literal("URL"),
    text: buttonText,
    url: z
      .string()
      .trim()
      .max(limits.url, `At most ${limits.url} characters`)
      .regex(HTTP_URL, "An http(s) URL"),
    example: z.array(z.string().trim().min(1).max(limits.url)).max(1).optional(),
  })
  .superRefine((b, ctx) => {
    const vars = b.url.match(/\{\{[^}]*\}\}/g) ?? [];
    if (vars.length > 1 || (vars.length === 1 && (vars[0] !== "{{1}}" || !b.url.endsWith("{{1}}")))) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "Only one variable, {{1}}, at the end of the URL",
      });
    } else if (vars.length === 1 && !b.example?.length) {
      ctx.addIssue({ code: "custom", path: ["example"], message: "A sample value for {{1}} is required" });
    } else if (vars.length === 0 && b.example?.length) {
      ctx.addIssue({ code: "custom", path: ["example"], message: "The URL has no {{1}} variable" });
    }
  });

export const phoneNumberButton = z.object({
  type: z.literal("PHONE_NUMBER"),
  text: buttonText,
  phone_number: z
    .string()
    .trim()
    .max(limits.phoneNumber, `At most ${limits.phoneNumber} characters`)
    .regex(/^\+?[1-9]\d{6,18}$/, "A phone number with country code, digits only"),
});

export const button = z.discriminatedUnion("type", [quickReplyButton, urlButton, phoneNumberButton], {
  error: "A button's type is QUICK_REPLY, URL or PHONE_NUMBER",
});
export type TemplateButton = z.infer<typeof button>;

function buttonsOf(max: number) {
  return z
    .object({
      type: z.literal("BUTTONS"),
      buttons: z.array(button).min(1, "At least one button").max(max, `At most ${max} buttons`),
    })
    .superRefine((c, ctx) => {
      const count = (t: string) => c.buttons.filter((b) => b.type === t).length;
      if (count("URL") > limits.urlButtons)
        ctx.addIssue({
          code: "custom",
          path: ["buttons"],
          message: `At most ${limits.urlButtons} URL buttons`,
        });
      if (count("PHONE_NUMBER") > limits.phoneButtons)
        ctx.addIssue({ code: "custom", path: ["buttons"], message: "At most one PHONE_NUMBER button" });
      // Meta requires quick replies and call-to-action buttons in two groups, not interleaved.
      const kinds = c.buttons.map((b) => (b.type === "QUICK_REPLY" ? "q" : "c")).join("");
      if (/q+c+q|c+q+c/.test(kinds))
        ctx.addIssue({
          code: "custom",
          path: ["buttons"],
          message: "Group QUICK_REPLY buttons together, before or after the other buttons",
        });
    });
}

export const buttonsComponent = buttonsOf(limits.buttons);
export const cardButtonsComponent = buttonsOf(limits.cardButtons);

export const carouselCard = z.object({
  components: z.array(
    z.discriminatedUnion("type", [cardHeaderComponent, cardBodyComponent, cardButtonsComponent], {
      error: "A card component's type is HEADER, BODY or BUTTONS",
    }),
  ),
});

export const carouselComponent = z
  .object({
    type: z.literal("CAROUSEL"),
    cards: z
      .array(carouselCard)
      .min(limits.cards.min, `At least ${limits.cards.min} cards`)
      .max(limits.cards.max, `At most ${limits.cards.max} cards`),
  })
  .superRefine((c, ctx) => {
    c.cards.forEach((card, i) => {
      const types = card.components.map((x) => x.type);
      for (const t of ["HEADER", "BODY"] as const) {
        if (!types.includes(t))
          ctx.addIssue({
            code: "custom",
            path: ["cards", i, "components"],
            message: `Each card needs a ${t}`,
          });
      }
      if (new Set(types).size !== types.length)
        ctx.addIssue({
          code: "custom",
          path: ["cards", i, "components"],
          message: "A card has each component type once",
        });
    });
    // Every card must have the same shape: same component types, same button types in order.
    const shape = (card: (typeof c.cards)[number]) =>
      card.components
        .map((x) => (x.type === "BUTTONS" ? `BUTTONS(${x.buttons.map((b) => b.type).join(",")})` : x.type))
        .sort()
        .join("|");
    const first = c.cards[0] ? shape(c.cards[0]) : "";
    c.cards.forEach((card, i) => {
      if (shape(card) !== first)
        ctx.addIssue({
          code: "custom",
          path: ["cards", i, "components"],
          message: "All cards need the same components and the same buttons as the first card",
        });
    });
  });

export const chatappComponent = z.discriminatedUnion(
  "type",
  [headerComponent, bodyComponent, footerComponent, buttonsComponent, carouselComponent],
  { error: "A component's type is HEADER, BODY, FOOTER, BUTTONS or CAROUSEL" },
);
/** A stored component of either kind of template (AUTHENTICATION ones: authentication-schemas.ts). */
export type ChatappComponent = z.infer<typeof chatappComponent> | AuthenticationComponent;

export const chatappComponents = z
  .array(chatappComponent)
  .min(1, "At least a BODY component")
  .max(5)
  .superRefine((list, ctx) => {
    const counts = new Map<string, number>();
    for (const c of list) counts.set(c.type, (counts.get(c.type) ?? 0) + 1);
    if ((counts.get("BODY") ?? 0) !== 1)
      ctx.addIssue({ code: "custom", message: "Exactly one BODY component" });
    counts.forEach((n, type) => {
      if (n > 1 && type !== "BODY")
        ctx.addIssue({ code: "custom", message: `At most one ${type} component` });
    });
    if (counts.has("CAROUSEL") && list.some((c) => c.type !== "BODY" && c.type !== "CAROUSEL"))
      ctx.addIssue({
        code: "custom",
        message: "A carousel template has only a BODY and a CAROUSEL component",
      });
  });

/**
 * D1/D2 body. The components' shapes depend on the category (Meta writes an AUTHENTICATION
 * template's texts itself), so they are checked once the category is known; component and
 * button types and the category are read in either case, as Meta's own examples write them
 * in lower case.
 */
export const createChatappTemplateInput = z
  .object({
    name: templateName,
    language: templateLanguage,
    category: z.preprocess(
      (v) => (typeof v === "string" ? v.toUpperCase() : v),
      z.enum(templateCategories, { error: "category is UTILITY, MARKETING or AUTHENTICATION" }),
    ),
    components: z.array(z.unknown()).meta({
      description:
        "UTILITY and MARKETING: HEADER, BODY, FOOTER, BUTTONS, CAROUSEL. AUTHENTICATION: BODY {add_security_recommendation}, FOOTER {code_expiration_minutes}, BUTTONS [{type OTP, otp_type COPY_CODE|ONE_TAP|ZERO_TAP, ...}] (docs/templates.md)",
    }),
  })
  .transform((t, ctx) => {
    const schema = t.category === "AUTHENTICATION" ? authenticationComponents : chatappComponents;
    const r = schema.safeParse(t.components.map(upperTypes));
    if (!r.success) {
      for (const issue of r.error.issues)
        ctx.addIssue({ ...issue, path: ["components", ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    return { ...t, components: r.data as ChatappComponent[] };
  });
