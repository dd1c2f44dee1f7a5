import { z } from "zod";
import { chatappTemplateMessage } from "../messages/schemas";

import { MAX_CAPTION, MAX_TEXT } from "./limits";

// http is taken only for the service's own uploads (a dashboard attachment on a server without
// https, in development): replyToConversation refuses any other http link.
const mediaUrl = z
  .url({ protocol: /^https?$/, error: "A public https URL" })
  .max(2048, "At most 2,048 characters");

export const ReplyInput = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("text"),
      text: z.string().trim().min(1, "Write a message").max(MAX_TEXT, `At most ${MAX_TEXT} characters`),
    }),
    z.object({
      type: z.literal("media"),
      mediaType: z.enum(["image", "document"]),
      /** Fetched by the provider (Meta, Google) when it delivers the message. */
      link: mediaUrl,
      caption: z.string().trim().max(MAX_CAPTION, `At most ${MAX_CAPTION} characters`).optional(),
      fileName: z.string().trim().min(1).max(240).optional(),
    }),
    z.object({
      type: z.literal("template"),
      /** As in A1's `message` (messageType may be left out). */
      template: chatappTemplateMessage.extend({ messageType: z.literal("template").default("template") }),
    }),
  ],
  { error: "type must be text, media or template" },
);
export type ReplyInput = z.input<typeof ReplyInput>;

/** As every send answers (the conversation is in the path): what an Idempotency-Key replays. */
export const ReplyResult = z.object({ transactionId: z.string(), messageId: z.string() });
export type ReplyResult = z.infer<typeof ReplyResult>;
