import { z } from "zod";
import { canonicalChannel } from "../businesses/channel-name";
import { templateCategories, templateChannels, templateStatuses } from "@/db/schema/templates";
import { authenticationComponents, type AuthenticationComponent } from "./authentication-schemas";
import { upperTypes } from "./upper-types";
import { checkCardVariables, checkVariables, variablesOf, type CardField } from "./variables";
import { HTTP_URL } from "../validation/http-url";

export { templateCategories, templateChannels, templateStatuses };
export type TemplateChannel = (typeof templateChannels)[number];
export type TemplateStatus = (typeof templateStatuses)[number];
export type TemplateCategory = (typeof templateCategories)[number];

/** Meta's limits for template components (WhatsApp Business Management API). */
export const limits = {
  name: 512,
  body: 1024,
  cardBody: 160,
  footer: 60,
  headerText: 60,
  buttonText: 25,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  cardButtons: 2,
  url: 2000,
  phoneNumber: 20,
  cards: { min: 2, max: 10 },
  rcsTitle: 200,
  rcsDescription: 2000,
  rcsSuggestions: 4,
  rcsSuggestionText: 25,
  rcsPostback: 2048,
} as const;

export const templateName = z
  .string()
  .trim()
  .min(1, "Required")
  .max(limits.name, `At most ${limits.name} characters`)
  .regex(/^[a-z0-9_]+$/, "Use lowercase letters, digits and underscores only");

export const templateLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "Use a language code such as en or en_US");

export const templateCategory = z.enum(templateCategories);

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

// ---- RCS rich card (template form) -------------------------------------------------------

const httpUrl = z.string().trim().max(2048, "At most 2048 characters").regex(HTTP_URL, "An http(s) URL");

export const rcsSuggestion = z.object({
  action: z.object({
    text: z
      .string()
      .trim()
      .min(1, "Required")
      .max(limits.rcsSuggestionText, `At most ${limits.rcsSuggestionText} characters`),
    postbackData: z.string().max(limits.rcsPostback).optional(),
    openUrlAction: z.object({
      url: httpUrl,
      application: z.enum(["BROWSER", "WEBVIEW"]).optional(),
      webviewViewMode: z.enum(["FULL", "HALF", "TALL"]).optional(),
    }),
  }),
});

export const rcsCardContent = z
  .object({
    title: z.string().trim().max(limits.rcsTitle, `At most ${limits.rcsTitle} characters`).optional(),
    description: z
      .string()
      .trim()
      .max(limits.rcsDescription, `At most ${limits.rcsDescription} characters`)
      .optional(),
    media: z
      .object({
        height: z.enum(["SHORT", "MEDIUM", "TALL"]),
        contentInfo: z.object({
          fileUrl: httpUrl,
          // The spec shows the string "false"; Google RBM takes a boolean. Accept both, echo as sent.
          forceRefresh: z
            .union([z.enum(["true", "false"]), z.boolean()], {
              error: 'forceRefresh is true, false, "true" or "false"',
            })
            .optional(),
          thumbnailUrl: httpUrl.optional(),
        }),
        fileName: z.string().max(255).optional(),
      })
      .optional(),
    suggestions: z
      .array(rcsSuggestion)
      .max(limits.rcsSuggestions, `At most ${limits.rcsSuggestions} suggestions`)
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (!c.title && !c.description && !c.media)
      ctx.addIssue({ code: "custom", message: "A rich card needs a title, a description or media" });
    for (const i of checkCardVariables(cardFields(c))) ctx.addIssue(i);
  });

type CardContentInput = {
  title?: string;
  description?: string;
  suggestions?: { action: { text: string; postbackData?: string; openUrlAction: { url: string } } }[];
};

/** The texts of a card that take variables, in numbering order (see checkCardVariables). */
export function cardFields(c: CardContentInput): CardField[] {
  const fields: CardField[] = [];
  if (c.title !== undefined) fields.push({ path: ["title"], text: c.title });
  if (c.description !== undefined) fields.push({ path: ["description"], text: c.description });
  c.suggestions?.forEach((s, i) => {
    const at = ["suggestions", i, "action"];
    fields.push({ path: [...at, "text"], text: s.action.text });
    if (s.action.postbackData !== undefined)
      fields.push({ path: [...at, "postbackData"], text: s.action.postbackData });
    fields.push({ path: [...at, "openUrlAction", "url"], text: s.action.openUrlAction.url });
  });
  return fields;
}

const standaloneCard = z
  .object({
    cardOrientation: z.enum(["VERTICAL", "HORIZONTAL"]).default("VERTICAL"),
    thumbnailImageAlignment: z.enum(["LEFT", "RIGHT"]).optional(),
    cardContent: rcsCardContent,
  })
  .superRefine((s, ctx) => {
    if (s.cardOrientation === "HORIZONTAL" && !s.cardContent.media)
      ctx.addIssue({
        code: "custom",
        path: ["cardContent", "media"],
        message: "A horizontal card needs media",
      });
  });

/**
 * RBM's carousel: 2-10 cards side by side, each a card content as in a standalone card, all of
 * one width. Each card numbers its `{{n}}` on its own (as a chatapp carousel card does), so a
 * send gives each card's values by its `card_index` (0-based; a standalone card is card 0).
 */
export const rcsCarouselCard = z
  .object({
    cardWidth: z.enum(["SMALL", "MEDIUM"], { error: "cardWidth is SMALL or MEDIUM" }).default("MEDIUM"),
    cardContents: z
      .array(rcsCardContent)
      .min(limits.cards.min, `A carousel has at least ${limits.cards.min} cards`)
      .max(limits.cards.max, `A carousel has at most ${limits.cards.max} cards`),
  })
  .superRefine((c, ctx) => {
    // RBM shows the cards at one height: media on all of them or on none.
    const withMedia = c.cardContents.filter((x) => x.media).length;
    if (withMedia > 0 && withMedia < c.cardContents.length)
      ctx.addIssue({
        code: "custom",
        path: ["cardContents"],
        message: "Give every card an image, or none of them",
      });
  });

type StandaloneRichCard = { standaloneCard: z.output<typeof standaloneCard> };
type CarouselRichCard = { carouselCard: z.output<typeof rcsCarouselCard> };

export const rcsRichCard = z.object({
  // One object with either key rather than a union: a union's error would not say which of a
  // carousel's fields is wrong. The output is still one or the other.
  richCard: z
    .object({ standaloneCard: standaloneCard.optional(), carouselCard: rcsCarouselCard.optional() })
    .strict()
    .superRefine((c, ctx) => {
      if (!c.standaloneCard === !c.carouselCard)
        ctx.addIssue({
          code: "custom",
          message: "richCard holds a standaloneCard or a carouselCard (one of them)",
        });
    })
    .transform((c): StandaloneRichCard | CarouselRichCard =>
      c.carouselCard ? { carouselCard: c.carouselCard } : { standaloneCard: c.standaloneCard! },
    ),
});
export type RcsRichCard = z.infer<typeof rcsRichCard>;
export type RcsCardContent = z.infer<typeof rcsCardContent>;

/** The card contents of a rich card in `card_index` order: one for a standalone card. */
export function cardContentsOf(card: RcsRichCard["richCard"]): RcsCardContent[] {
  return "carouselCard" in card ? card.carouselCard.cardContents : [card.standaloneCard.cardContent];
}

/** Where card `i`'s content sits in the template's body (paths of errors and lint warnings). */
export function cardContentPath(card: RcsRichCard["richCard"], i: number): string {
  return "carouselCard" in card
    ? `richCard.carouselCard.cardContents.${i}`
    : "richCard.standaloneCard.cardContent";
}

/** D5 body. */
export const createRcsTemplateInput = z.object({
  messageTemplate: z.object({ name: templateName, language: templateLanguage }),
  rcsOutgoingMessage: rcsRichCard,
});

// ---- Views ------------------------------------------------------------------------------

export type LintWarning = { code: string; path: string; message: string };
export type UsageCounters = { sent: number; delivered: number; read: number; failed: number };

/** A template as the domain hands it out (API shapes and pages build on it). */
export type TemplateView = {
  id: string;
  businessId: string;
  channel: TemplateChannel;
  name: string;
  language: string;
  category: TemplateCategory | null;
  status: TemplateStatus;
  rejectionReason: string | null;
  components: ChatappComponent[];
  rcsCard: RcsRichCard | null;
  mediaHashes: string[];
  lintWarnings: LintWarning[];
  provider: string;
  providerRef: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const listTemplatesQuery = z.object({
  channel: z.preprocess(canonicalChannel, z.enum(templateChannels)).optional(),
  status: z.enum(templateStatuses).optional(),
  category: templateCategory.optional(),
  /** Name prefix (case-insensitive) or, in the dashboard, a search term. */
  name: z.string().trim().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** The id of the last template of the previous page. */
  cursor: z.string().uuid("A template id from nextCursor").optional(),
});
export type ListTemplatesQuery = z.input<typeof listTemplatesQuery>;

export const reviewDecisionInput = z
  .object({
    businessId: z.string().uuid(),
    templateId: z.string().uuid(),
    decision: z.enum(["APPROVED", "REJECTED"]),
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === "REJECTED" && !d.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for the rejection" });
  });
export type ReviewDecisionInput = z.input<typeof reviewDecisionInput>;
