import { createRoute, z } from "@hono/zod-openapi";
import { sendTemplateInput } from "@/lib/messages/schemas";
import { apiKeyAuth } from "./auth";
import { businessIdParam, errorResponses } from "./schemas";

export const idempotencyHeaders = z.object({
  "idempotency-key": z.string().optional().openapi({
    description:
      "Optional. Same key and body within 24 h: the first response is returned (header Idempotent-Replayed: true) and nothing is sent again. Same key, other body: 422. First request still running: 409.",
    example: "order-4711-confirmation",
  }),
});

export const SendResponseDoc = z
  .object({
    transactionId: z.string().openapi({ example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
    messageId: z.string().openapi({ example: "0193b6f2-8c1b-7000-8000-1234567890ab" }),
  })
  .openapi("SendResponse");

/**
 * Responses of a send route whose 200 is `schema` (spreading and then overriding 200 would turn
 * the status keys into strings, and the handler's reply would no longer be type-checked).
 */
export function sendResponsesOf<S extends z.ZodType>(schema: S) {
  return {
    200: { description: "Stored and queued for dispatch", content: { "application/json": { schema } } },
    ...errorResponses,
    409: {
      description: "A request with this Idempotency-Key is still running",
      content: errorResponses[400].content,
    },
    422: { description: "Idempotency-Key reused with another body", content: errorResponses[400].content },
  } as const;
}

/** Responses of every send route answering one message. */
export const sendResponses = sendResponsesOf(SendResponseDoc);

export const a1Example = {
  message: {
    messageType: "template",
    name: "order_update",
    language: "en_US",
    components: [
      {
        componentType: "body",
        parameters: [
          { type: "text", text: "Asha" },
          { type: "text", text: "A-1001" },
        ],
      },
    ],
  },
  to: "919876543210",
  phoneNumberId: "sim0193b6f28c1a",
};

/**
 * A1 with every parameter form: a DOCUMENT header, a body with text, currency and date, a
 * quick-reply payload (`type` as another name for `componentType`, as Meta spells it).
 */
export const a1ParametersExample = {
  message: {
    messageType: "template",
    name: "invoice_due",
    language: "en_US",
    components: [
      {
        componentType: "header",
        parameters: [
          {
            type: "media",
            mediaType: "document",
            mediaLink: "https://cdn.example.com/invoice-1001.pdf",
            fileName: "invoice-1001.pdf",
          },
        ],
      },
      {
        componentType: "body",
        parameters: [
          { type: "text", text: "Asha" },
          { type: "currency", code: "USD", amount: 100.99, fallback_value: "$100.99" },
          { type: "date", date: "25 February 2026" },
        ],
      },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "0",
        parameters: [{ type: "payload", payload: "PAY-1001" }],
      },
    ],
  },
  to: "919876543210",
  phoneNumberId: "sim0193b6f28c1a",
};

/** A1 with a CAROUSEL template: the top body, then one card per template card. */
export const a1CarouselExample = {
  message: {
    messageType: "template",
    name: "plant_picks",
    language: "en_US",
    components: [
      { componentType: "body", parameters: [{ type: "text", text: "Asha" }] },
      {
        componentType: "carousel",
        cards: [0, 1].map((card_index) => ({
          card_index,
          components: [
            {
              componentType: "header",
              parameters: [
                {
                  type: "media",
                  mediaType: "image",
                  mediaLink: `https://cdn.example.com/plant-${card_index}.png`,
                },
              ],
            },
            { componentType: "body", parameters: [{ type: "text", text: card_index ? "$12" : "$9" }] },
            {
              componentType: "button",
              index: "1",
              sub_type: "url",
              parameters: [{ type: "text", text: card_index ? "cactus" : "fern" }],
            },
          ],
        })),
      },
    ],
  },
  to: "919876543210",
  phoneNumberId: "sim0193b6f28c1a",
};

/** The A1 contract, shared by the v3 path and the legacy v1 path. */
export function a1Route(path: string, summary: string) {
  return createRoute({
    method: "post",
    path,
    tags: ["Messages"],
    summary,
    description:
      "Sends one APPROVED chatapp template. `to`: digits with the country code, no '+'. A component is `componentType` (or `type`, Meta's spelling) header, body, button or carousel. Body parameters fill the template's {{n}} in order and are `text` (`text`), `currency` (`code`, `amount`, optional `fallback_value`) or `date` (`date`, shown as written); Meta's own `currency`/`date_time` objects are accepted too. A media header takes one `media` parameter (`mediaId` or `mediaLink`) whose `mediaType` is the header's format: `image`, `document` (optional `fileName`) or `video`. A URL button with {{1}} takes one text parameter (the URL suffix); a quick-reply button (`sub_type: quick_reply`) takes one `payload` parameter. A CAROUSEL template takes its top body parameters and one `carousel` component with a card per template card (`card_index` from 0): each with a header media parameter (the card image), its body texts and its URL suffixes (docs/messaging.md). Optional `messageRef` is echoed in the status callbacks (default: the transactionId).",
    middleware: [apiKeyAuth] as const,
    request: {
      params: businessIdParam,
      headers: idempotencyHeaders,
      body: {
        required: true,
        content: {
          "application/json": {
            schema: sendTemplateInput,
            examples: {
              template: { summary: "Body parameters", value: a1Example },
              parameters: {
                summary: "Document header, currency, date and a quick-reply payload",
                value: a1ParametersExample,
              },
              carousel: { summary: "A CAROUSEL template", value: a1CarouselExample },
            },
          },
        },
      },
    },
    responses: sendResponses,
  });
}
