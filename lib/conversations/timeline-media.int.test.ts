import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { recordInboundMessages } from "@/lib/inbound/record-inbound-messages";
import { chatappSender, conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { customerText } from "@/test/customer-text";
import { createTestBusiness } from "@/test/factories";
import { getConversation } from "./get-conversation";
import { saveReplyAttachment } from "./reply-media";
import { replyToConversation } from "./reply-to-conversation";

// The timeline carries the media of a message, sent and received, not
// only its caption.

const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const phone = () => `9192${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

describe("media in the conversation's timeline", () => {
  it("shows the image an agent sent with its caption, and a customer's image and document", async () => {
    const t = await createTestBusiness();
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const customer = phone();
    await customerWrites(t, customer, "Do you have it in blue?");
    const conv = await conversationOf(t.business.id, customer);
    const image = await saveReplyAttachment(admin, {
      businessId: t.business.id,
      bytes: png(),
      fileName: "blue.png",
    });
    await replyToConversation(admin, t.business.id, conv.id, {
      type: "media",
      mediaType: "image",
      link: image.link,
      fileName: image.fileName,
      caption: "Here it is",
    });
    await recordInboundMessages(systemCtx("test"), {
      businessId: t.business.id,
      channel: "chatapp",
      provider: "simulator",
      messages: [
        {
          ...customerText(customer, chatappSender(t), { text: "Like this one" }),
          type: "image",
          media: { id: "m1", url: "https://media.example.test/m1", mimeType: "image/jpeg", fileName: null },
        },
        {
          ...customerText(customer, chatappSender(t), { text: null as unknown as string }),
          type: "document",
          text: null,
          media: { id: "m2", url: null, mimeType: "application/pdf", fileName: "order.pdf" },
        },
      ],
    });
    const { items } = await getConversation(admin, t.business.id, conv.id);
    const sent = items.find((i) => i.kind === "outbound");
    expect(sent).toMatchObject({
      text: "Here it is",
      media: { kind: "image", url: image.link, fileName: "blue.png" },
    });
    const received = items.filter((i) => i.kind === "inbound");
    expect(received.map((i) => i.media)).toEqual([
      { kind: "document", url: null, fileName: "order.pdf" },
      { kind: "image", url: "https://media.example.test/m1", fileName: null },
      null,
    ]);
  });
});
