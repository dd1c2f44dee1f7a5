import { z } from "zod";
import { isWhatsAppUserId } from "../phone/whatsapp-user-id";
import { messageStatuses } from "@/db/schema/statuses";
import { rcsRichCard } from "../templates/rcs-schemas";
import { limits } from "../templates/template-fields";
import { messageParameter } from "./content/parameter-schemas";
import { HTTP_URL } from "../validation/http-url";

export {
  currencyParameter,
  dateParameter,
  mediaParameter,
  messageParameter,
  PARAMETER_SHAPES,
  payloadParameter,
  textParameter,
  type BodyParameter,
  type MediaParameter,
  type MessageParameter,
} from "./content/parameter-schemas";

export { messageStatuses };
export type MessageStatus = (typeof messageStatuses)[number];

/** Forward order of the statuses (docs/architecture.md rule 8); failed and error are terminal. */
export const statusRank: Record<MessageStatus, number> = {
  attempted: 0,
  accepted: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
  error: 5,
};

const httpUrl = z.string().trim().max(2048, "At most 2048 characters").regex(HTTP_URL, "An http(s) URL");

const lowercase = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : v);

/**
 * `type` is accepted as another name for `componentType` (Meta's own spelling, which clients
 * copy); `componentType` wins when both are given. Either is lowercased.
 */
export function aliasComponentType(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const { type, ...rest } = v as Record<string, unknown>;
  const componentType = lowercase(rest.componentType ?? type);
  return componentType === undefined ? v : { ...rest, componentType };
}

/** Bulk (and optional in single): the button's position in the template's BUTTONS. */
const buttonIndex = z
  .union([z.string().regex(/^\d{1,2}$/, 'A button index such as "0"'), z.number().int().min(0).max(9)], {
    error: 'A button index such as "0"',
  })
  .transform(String);

export const messageComponent = z.object({
  componentType: z.preprocess(lowercase, z.enum(["header", "body", "button"])),
  parameters: z.array(messageParameter).max(20).default([]),
  index: buttonIndex.optional(),
  sub_type: z
    .preprocess(lowercase, z.enum(["url", "quick_reply"], { error: "sub_type is url or quick_reply" }))
    .optional(),
});
export type MessageComponent = z.infer<typeof messageComponent>;

/** One component of a carousel card: its image (header), body texts, button parameters. */
export const cardComponent = z.object({
  componentType: z.preprocess(lowercase, z.enum(["header", "body", "button"])),
  parameters: z.array(messageParameter).max(20).default([]),
  index: buttonIndex.optional(),
  sub_type: z.preprocess(lowercase, z.enum(["url", "quick_reply"])).optional(),
});
export type CardComponent = z.infer<typeof cardComponent>;

export const carouselCardInput = z.object({
  card_index: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,2}$/.test(v) ? Number(v) : v),
    z
      .number({ error: "The card's position in the template, from 0" })
      .int("A whole number")
      .min(0, "0 or more")
      .max(limits.cards.max - 1, `At most ${limits.cards.max - 1}`)
      .describe("The card's position in the template's CAROUSEL, from 0; every card once"),
  ),
  components: z.array(z.preprocess(aliasComponentType, cardComponent)).max(6).default([]),
});

/** A1/B1: the cards of a CAROUSEL template, one per template card (`card_index` from 0). */
export const carouselMessageComponent = z
  .object({
    componentType: z.literal("carousel"),
    cards: z
      .array(carouselCardInput)
      .min(1, "At least one card")
      .max(limits.cards.max, `At most ${limits.cards.max} cards`),
  })
  .describe(
    "CAROUSEL templates only: one card per template card. Each card: a header with one media parameter (its image), body text parameters for the card's {{n}}, a button (index, sub_type url) with one text parameter per URL button with {{1}}, and optionally a button (sub_type quick_reply) with one payload parameter per quick-reply button.",
  );
export type CarouselMessageComponent = z.infer<typeof carouselMessageComponent>;

/** A component of a chatapp (A1/B1) message: header, body, button, or the carousel's cards. */
export const chatappMessageComponent = z.preprocess(
  aliasComponentType,
  // The discriminators are plain enums: the componentType is lowercased above.
  z.discriminatedUnion(
    "componentType",
    [
      messageComponent.extend({ componentType: z.enum(["header", "body", "button"]) }),
      carouselMessageComponent,
    ],
    {
      error: "componentType is header, body, button or carousel",
    },
  ),
);
export type ChatappMessageComponent = z.infer<typeof chatappMessageComponent>;

/** A2 (RCS by name): header, body and button components. */
export const templateMessage = z.object({
  messageType: z.literal("template", { error: "messageType must be 'template' here" }),
  name: z.string().trim().min(1, "Required").max(512),
  language: z.string().trim().min(2, "Required").max(16),
  components: z.array(z.preprocess(aliasComponentType, messageComponent)).max(12).default([]),
});

/** A1/B1: the same, plus the carousel component of CAROUSEL templates. */
export const chatappTemplateMessage = templateMessage.extend({
  components: z.array(chatappMessageComponent).max(12).default([]),
});

const messageRef = z.string().trim().min(1).max(256).optional();

/** Recipient of the template endpoints: digits with the country code, no '+'. */
/**
 * A recipient's number with its country code, with or without the leading '+' (the A routes
 * take both, as the vendor's clients send both; stored as digits without '+': recipient.ts).
 */
export const anyPhone = z
  .string()
  .trim()
  .regex(/^\+?\d{6,15}$/, "A phone number with the country code, e.g. 919876543210 or +919876543210");

/**
 * A1's recipient: a number as anyPhone, or a WhatsApp user id (`US.13491208655302741918`) for
 * a customer who messaged with a username and keeps their number (sent as Meta's `recipient`).
 */
const phoneOrUserId = z
  .string()
  .trim()
  .refine(
    (v) => /^\+?\d{6,15}$/.test(v) || isWhatsAppUserId(v),
    "A phone number with the country code (e.g. 919876543210 or +919876543210) or a WhatsApp user id",
  );

/** A1 (and its v1 path) body. */
export const sendTemplateInput = z.object({
  message: chatappTemplateMessage,
  to: phoneOrUserId,
  phoneNumberId: z.string().trim().min(1, "Required").max(64),
  /** Optional reference echoed in the status callbacks as `messageRef` (default: the transactionId). */
  messageRef,
});
export type SendTemplateInput = z.input<typeof sendTemplateInput>;

// ---- RCS ----------------------------------------------------------------------------------

const rcsBodyComponent = z.object({
  type: z.literal("BODY"),
  variables: z
    .array(
      z.object({
        type: z.literal("text", { error: 'A variable is {"type":"text","value"}' }),
        value: z.string({ error: "value: the variable's text" }).max(1024),
      }),
    )
    .max(20)
    .default([]),
});
const rcsHeaderComponent = z.object({ type: z.literal("HEADER"), media: z.object({ mediaUrl: httpUrl }) });

/** A card of an RCS carousel send: its BODY variables and HEADER image, by `card_index`. */
const rcsCarouselComponent = z
  .object({
    type: z.literal("CAROUSEL"),
    cards: z
      .array(
        z.object({
          card_index: carouselCardInput.shape.card_index,
          components: z
            .array(
              z.discriminatedUnion("type", [rcsBodyComponent, rcsHeaderComponent], {
                error:
                  'A card\'s component is {"type":"BODY","variables"} or {"type":"HEADER","media":{"mediaUrl"}}',
              }),
            )
            .max(4)
            .default([]),
        }),
      )
      .min(1, "At least one card")
      .max(limits.cards.max, `At most ${limits.cards.max} cards`),
  })
  .describe(
    "RCS carousel templates: each card's variables (and image) by card_index, from 0. A standalone card is card_index 0.",
  );

export const rcsComponent = z.discriminatedUnion(
  "type",
  [rcsBodyComponent, rcsHeaderComponent, rcsCarouselComponent],
  {
    error:
      'expected a BODY, HEADER or CAROUSEL component: {"type":"BODY","variables":[{"type":"text","value"}]}, {"type":"HEADER","media":{"mediaUrl"}} or {"type":"CAROUSEL","cards":[{"card_index","components"}]}',
  },
);

/** A5 message (also accepted on A2): the four v1 RCS forms. */
export const rcsMessage = z
  .object({
    messageType: z.literal("rcs_message"),
    // RICHCARD_CAROUSEL: not in the spec; RBM's carousel, accepted for a carousel template or card.
    rcsMessageType: z.enum(["TEXT", "RICHCARD_STANDALONE", "RICHCARD_CAROUSEL"]),
    templateId: z.string().trim().min(1).max(64).optional(),
    components: z.array(rcsComponent).max(4).optional(),
    text: z.string().trim().min(1, "Required").max(3072, "At most 3072 characters").optional(),
    richCard: rcsRichCard.shape.richCard.optional(),
  })
  .superRefine((m, ctx) => {
    const forms = [m.templateId, m.text, m.richCard].filter((v) => v !== undefined).length;
    if (forms !== 1) {
      ctx.addIssue({
        code: "custom",
        message: "Give exactly one of templateId, text or richCard",
      });
      return;
    }
    if (m.text !== undefined && m.rcsMessageType !== "TEXT")
      ctx.addIssue({
        code: "custom",
        path: ["rcsMessageType"],
        message: "A text message is rcsMessageType TEXT",
      });
    if (m.text === undefined && m.rcsMessageType === "TEXT")
      ctx.addIssue({
        code: "custom",
        path: ["rcsMessageType"],
        message:
          "Template and rich card messages are rcsMessageType RICHCARD_STANDALONE (or RICHCARD_CAROUSEL)",
      });
    if (m.templateId === undefined && m.components?.length)
      ctx.addIssue({ code: "custom", path: ["components"], message: "components go with templateId only" });
  });

/** A5 body: `to` with the leading '+'. */
export const sendRcsV1Input = z.object({
  message: rcsMessage,
  to: z
    .string()
    .trim()
    .regex(/^\+\d{6,15}$/, "A phone number with '+' and the country code, e.g. +919876543210"),
  messageRef,
});

/** A2 body: a template message (or the A5 forms, which the published examples send there). */
export const sendRcsTemplateInput = z.object({
  // By name: the same components as A1, the carousel's cards included (RCS carousels).
  message: z.discriminatedUnion("messageType", [chatappTemplateMessage, rcsMessage], {
    error: "messageType is template (a template by name) or rcs_message (the v1 forms)",
  }),
  to: anyPhone,
  messageRef,
});

/** A4 body. */
export const sendRcsTextInput = z.object({
  phone: anyPhone,
  text: z.string().trim().min(1, "Required").max(3072, "At most 3072 characters"),
  messageRef,
});

// ---- Bulk ---------------------------------------------------------------------------------

export const BULK_HARD_MAX = 100_000;

export const bulkSubscriber = z.object({
  subscriberId: z.string().trim().min(1, "Required").max(32),
  variables: z.array(z.string().max(1024)).max(100, "At most 100 variables").optional(),
  messageRef,
});

/** B1 body. */
export const sendBulkInput = z.object({
  message: chatappTemplateMessage,
  subscribers: z.array(bulkSubscriber).min(1, "At least one subscriber").max(BULK_HARD_MAX),
  phoneNumberId: z.string().trim().min(1, "Required").max(64),
});
export type SendBulkInput = z.input<typeof sendBulkInput>;

// ---- Views --------------------------------------------------------------------------------

/** B2 record (spec "Complete status record"). */
export type CompleteStatusRecord = {
  platform_msg_id: string;
  /** The same id, as the vendor's published page names it. */
  msgkart_msg_id: string;
  subscriber_id: string;
  msg_type: string;
  msg_status: string;
  error_code: string;
  failed_reason: string;
  failed_at: number;
  time_stamp: number;
  accepted_at: number;
  sent_at: number;
  delivered_at: number;
  read_at: number;
  language: string;
  template_name: string;
};

/** B3 counters. */
export type PartialStatus = Record<
  "attempted" | "failed" | "error" | "accepted" | "sent" | "delivered" | "read",
  number
>;

export type SendResponse = { transactionId: string; messageId: string };
