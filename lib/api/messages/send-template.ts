/**
 * A1: send one chatapp template message.
 * POST /api/v3/message/{business_id}/template, and the legacy POST /api/v1/message/{business_id}/template.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { sendTemplateMessage } from "@/lib/messages/send/send-template-message";
import { sendTemplateInput } from "@/lib/messages/schemas";
import { idempotentSend } from "../idempotent-send";
import { businessIdParam, idempotencyHeaders, SendResponseDoc, sendResponses, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";

export type SendTemplateRequest = z.input<typeof sendTemplateInput>;
export type SendTemplateResponse = z.infer<typeof SendResponseDoc>;

const a1Example = {
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
const a1ParametersExample = {
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
        componentType: "button",
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
const a1CarouselExample = {
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

export const contract = createRoute({
  method: "post",
  path: "/api/v3/message/{business_id}/template",
  tags: ["Messages"],
  summary: "Send a chatapp template message (A1)",
  description:
    "Sends one APPROVED chatapp template. `to`: digits with the country code, no '+'. A component is `componentType` (or `type`, Meta's spelling) header, body, button or carousel. Body parameters fill the template's {{n}} in order and are `text` (`text`), `currency` (`code`, `amount`, optional `fallback_value`) or `date` (`date`, shown as written); Meta's own `currency`/`date_time` objects are accepted too. A media header takes one `media` parameter (`mediaId` or `mediaLink`) whose `mediaType` is the header's format: `image`, `document` (optional `fileName`) or `video`. A TEXT header with {{1}} takes one `text` parameter. An AUTHENTICATION template takes the code as its body's text parameter and as the OTP button's (`sub_type` url, `index` \"0\") one text parameter, as Meta's OTP clients send it (left out, the button gets the body's code). A URL button with {{1}} takes one text parameter (the URL suffix); a quick-reply button (`sub_type: quick_reply`) takes one `payload` parameter. A CAROUSEL template takes its top body parameters and one `carousel` component with a card per template card (`card_index` from 0): each with a header media parameter (the card image), its body texts and its URL suffixes (docs/messaging.md). Optional `messageRef` is echoed in the status callbacks (default: the transactionId).",
  request: {
    params: businessIdParam,
    headers: idempotencyHeaders,
    body: jsonBody(sendTemplateInput, {
      examples: {
        template: { summary: "Body parameters", value: a1Example },
        parameters: {
          summary: "Document header, currency, date and a quick-reply payload",
          value: a1ParametersExample,
        },
        carousel: { summary: "A CAROUSEL template", value: a1CarouselExample },
      },
    }),
  },
  responses: sendResponses,
});

export const sendTemplateOperation = withBusiness(
  {
    spec: "A1",
    contract,
    aliases: [
      {
        path: "/api/v1/message/{business_id}/template",
        summary: "Send a chatapp template message (A1, legacy v1 path)",
      },
    ],
  },
  (c, { ctx, businessId }) => {
    const body = c.req.valid("json");
    return idempotentSend(c, body, (idempotency) =>
      sendTemplateMessage(ctx, businessId, body, { idempotency, groupCommit: true }),
    );
  },
);
