import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, templates } from "@/db/schema";
import { systemCtx, type Ctx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { saveImage } from "@/lib/media/save-image";
import { getSentPreview } from "@/lib/messages/content/sent-preview";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { ingestList } from "@/lib/promotions/lists/ingest-list";
import { publishedMediaUrl, readPublishedRcsMedia } from "@/lib/templates/rcs-media";
import { testSlotsOf } from "@/lib/templates/test-slots";
import { getTemplate } from "@/lib/templates/get-template";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf, richComponents } from "@/test/messages";
import { csvBytes } from "@/test/promotions";
import { pngBytes } from "@/test/templates";
import { launchOnce } from "../launch/launch-once";
import { buildComponents, slotsOf } from "./template-slots";
import { wizardSetup } from "./wizard-setup";

// The wizard offers the template's own image, an upload or a column of URLs,
// and test sends keep their header image where the message page and the virtual phone look.

const ctx = systemCtx("test");

async function imageTemplate() {
  const t = await createTestBusiness();
  const businessId = t.business.id;
  const admin: Ctx = {
    db: db(),
    actor: { type: "user", id: t.admin.id, role: "BUSINESS_ADMIN", businessId },
  };
  const img = await saveImage(admin, { businessId, bytes: pngBytes(), path: "file" });
  const tpl = await approvedTemplate(businessId, { components: richComponents });
  await db()
    .update(templates)
    .set({ mediaHashes: [img.sha256] })
    .where(eq(templates.id, tpl.id));
  return { t, businessId, admin, img, tpl };
}

describe("header images", () => {
  it("a test send goes out with the template's image as a link, and its preview shows it", async () => {
    const { businessId, admin, img, tpl } = await imageTemplate();
    const view = await getTemplate(admin, { businessId, templateId: tpl.id });
    const values = testSlotsOf(view).map((f, i) => f.example || `v${i}`);
    expect(values[0]).toBe(img.sha256);
    const res = await sendTestMessage(admin, businessId, { templateId: tpl.id, to: "919900077001", values });
    const [m] = await db().select().from(messages).where(eq(messages.id, res.messageId));
    const url = publishedMediaUrl(businessId, img.sha256);
    expect(JSON.stringify(m!.content)).toContain(JSON.stringify({ link: url }));
    const preview = await getSentPreview(admin, { businessId, templateId: tpl.id, content: m!.content });
    expect(preview.imageUrl).toBe(url);
    // The address answers (the provider fetches it): a live template of the business uses it.
    expect((await readPublishedRcsMedia(ctx, { businessId, sha256: img.sha256 })).contentType).toBe(
      "image/png",
    );
  });

  it("an older test send stored with the image's hash still shows the image", async () => {
    const { businessId, admin, img, tpl } = await imageTemplate();
    const content = {
      kind: "template",
      components: [{ type: "header", parameters: [{ type: "image", image: { id: img.sha256 } }] }],
    };
    const preview = await getSentPreview(admin, { businessId, templateId: tpl.id, content });
    expect(preview.imageUrl).toBe(img.sha256);
  });

  it("the wizard offers the template's image by default; an upload is public once a campaign sends it", async () => {
    const { t, businessId, admin, img, tpl } = await imageTemplate();
    const setup = await wizardSetup(ctx, businessId);
    const wt = setup.templates.find((x) => x.id === tpl.id)!;
    const own = publishedMediaUrl(businessId, img.sha256);
    expect(slotsOf(wt)[0]).toMatchObject({ key: "header", media: "image", image: own });
    expect(setup.mediaBase).toBe(publishedMediaUrl(businessId, ""));

    // An image uploaded in the wizard: not served until a campaign of the business sends it.
    const bytes = pngBytes();
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1; // another image than the template's
    const upload = await saveImage(admin, { businessId, bytes, path: "file" });
    await expect(readPublishedRcsMedia(ctx, { businessId, sha256: upload.sha256 })).rejects.toMatchObject({
      code: "not_found",
    });
    await ingestList(ctx, { businessId, name: "imgs", source: csvBytes("phone,name\n919800077002,Asha\n") });
    const components = buildComponents(wt, {
      header: { kind: "upload", value: `${setup.mediaBase}${upload.sha256}` },
      "body.1": { kind: "column", value: "name" },
      "body.2": { kind: "text", value: "R-1" },
      "button.0": { kind: "text", value: "?id=1" },
    });
    await launchOnce(ctx, {
      businessId,
      listName: "imgs",
      idempotencyKey: "img-1",
      body: {
        name: "With an upload",
        channelType: "chatapp",
        phoneNumberId: phoneOf(t),
        template: { name: tpl.name, language: "en_US", components },
      },
    });
    expect((await readPublishedRcsMedia(ctx, { businessId, sha256: upload.sha256 })).contentType).toBe(
      "image/png",
    );
    // Another business never reaches it by the same hash.
    const other = await createTestBusiness();
    await expect(
      readPublishedRcsMedia(ctx, { businessId: other.business.id, sha256: upload.sha256 }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
