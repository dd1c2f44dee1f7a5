import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { readPublishedRcsMedia } from "@/lib/templates/rcs-media";
import { systemCtx } from "@/lib/context";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness } from "@/test/factories";
import { replyToConversation } from "./reply-to-conversation";
import { saveReplyAttachment } from "./reply-media";

const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const pdf = () => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(64)]);
const phone = () => `9193${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const hashOf = (link: string) => link.split("/").at(-1)!;

describe("reply attachments", () => {
  it("stores an image or a PDF by content, serves it only once a reply has sent it, and only the business's", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const customer = phone();
    await customerWrites(t, customer, "Can you send the invoice?");
    const conv = await conversationOf(t.business.id, customer);

    const bytes = png();
    const image = await saveReplyAttachment(admin, {
      businessId: t.business.id,
      bytes,
      fileName: " shelf.png ",
    });
    expect(image).toMatchObject({ mediaType: "image", fileName: "shelf.png", size: bytes.length });
    expect(image.link).toMatch(new RegExp(`/media/${t.business.id}/[0-9a-f]{64}$`));
    const doc = await saveReplyAttachment(admin, {
      businessId: t.business.id,
      bytes: pdf(),
      fileName: "invoice.pdf",
    });
    expect(doc.mediaType).toBe("document");
    await expect(
      saveReplyAttachment(admin, {
        businessId: t.business.id,
        bytes: Buffer.from("hello"),
        fileName: "x.pdf",
      }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "file" }] });

    // Uploaded but not sent: nobody without a sign-in can fetch it.
    const served = () =>
      readPublishedRcsMedia(systemCtx("test"), { businessId: t.business.id, sha256: hashOf(image.link) });
    await expect(served()).rejects.toMatchObject({ code: "not_found" });

    // Another business cannot send this business's upload, nor an http address of its own.
    const otherCustomer = phone();
    await customerWrites(other, otherCustomer);
    const otherConv = await conversationOf(other.business.id, otherCustomer);
    const otherAdmin = userCtx(other.business.id, other.admin.id, "BUSINESS_ADMIN");
    for (const link of [image.link.replace(t.business.id, other.business.id), "http://example.com/a.png"])
      await expect(
        replyToConversation(otherAdmin, other.business.id, otherConv.id, {
          type: "media",
          mediaType: "image",
          link,
        }),
      ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "link" }] });

    const sent = await replyToConversation(admin, t.business.id, conv.id, {
      type: "media",
      mediaType: "image",
      link: image.link,
      caption: "The shelf you asked about",
    });
    expect((await served()).bytes.equals(bytes)).toBe(true);
    const [row] = await rawQuery<{ content: { link: string; caption: string } }>(
      db(),
      `SELECT content FROM messages WHERE business_id = $1 AND id = $2`,
      [t.business.id, sent.messageId],
    );
    expect(row!.content).toMatchObject({ link: image.link, caption: "The shelf you asked about" });
    // The PDF, not sent, is still private.
    await expect(
      readPublishedRcsMedia(systemCtx("test"), { businessId: t.business.id, sha256: hashOf(doc.link) }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
