import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, messages, templates } from "@/db/schema";
import { systemCtx, type Ctx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { approvedTemplate, carouselComponents, rcsCard, richComponents } from "@/test/messages";
import { saveImage } from "@/lib/media/save-image";
import { pngBytes, runTemplateReviews, textTemplate } from "@/test/templates";
import { createRcsTemplate } from "./create-rcs-template";
import { cardContentsOf } from "./rcs-schemas";
import { readPublishedRcsMedia } from "./rcs-media";
import { createChatappTemplate } from "./create-chatapp-template";
import { deleteTemplate, templateDeleteImpact } from "./delete-template";
import { findSendableTemplate } from "./find-sendable-template";
import { getTemplate, getTemplateHistory } from "./get-template";
import { listTemplates } from "./list-templates";
import { recordTemplateUsage } from "./record-template-usage";
import { resubmitTemplate } from "./resubmit-template";
import { searchTemplates } from "./search-templates";
import { templateDraft } from "./template-draft";
import { testSlotsOf } from "./test-slots";

const name = (p = "t") => `${p}_${uniq()}`;
let a: TestBusiness;
let b: TestBusiness;
let admin: Ctx;

beforeAll(async () => {
  a = await createTestBusiness();
  b = await createTestBusiness();
  admin = {
    db: db(),
    actor: { type: "user", id: a.admin.id, role: "BUSINESS_ADMIN", businessId: a.business.id },
  };
});

describe("server-side template list", () => {
  it("filters, searches, sorts and pages in the database, one business only", async () => {
    const tag = uniq();
    for (let i = 0; i < 5; i++)
      await approvedTemplate(a.business.id, {
        name: `list_${tag}_${i}`,
        status: i % 2 ? "REJECTED" : "APPROVED",
      });
    await approvedTemplate(a.business.id, { name: `list_${tag}_rcs`, channel: "rcs", rcsCard });
    await approvedTemplate(b.business.id, { name: `list_${tag}_other` });
    const page1 = await searchTemplates(admin, a.business.id, {
      q: tag,
      sort: { id: "name", desc: false },
      limit: 4,
      offset: 0,
    });
    expect(page1.total).toBe(6);
    expect(page1.rows.map((r) => r.name)).toEqual([0, 1, 2, 3].map((i) => `list_${tag}_${i}`));
    const page2 = await searchTemplates(admin, a.business.id, {
      q: tag,
      sort: { id: "name", desc: false },
      limit: 4,
      offset: 4,
    });
    expect(page2.rows.map((r) => r.name)).toEqual([`list_${tag}_4`, `list_${tag}_rcs`]);
    const rejected = await searchTemplates(admin, a.business.id, {
      q: tag,
      filters: { status: "REJECTED", channel: "chatapp" },
      limit: 10,
      offset: 0,
    });
    expect(rejected.rows.map((r) => r.name).sort()).toEqual([`list_${tag}_1`, `list_${tag}_3`]);
    const rcs = await searchTemplates(admin, a.business.id, {
      q: tag,
      filters: { channel: "rcs" },
      limit: 10,
      offset: 0,
    });
    expect(rcs.rows.map((r) => r.name)).toEqual([`list_${tag}_rcs`]);
  });

  it("sorts by usage counters", async () => {
    const tag = uniq();
    const low = await approvedTemplate(a.business.id, { name: `use_${tag}_low` });
    const high = await approvedTemplate(a.business.id, { name: `use_${tag}_high` });
    await recordTemplateUsage(admin, low.id, { sent: 1 });
    await recordTemplateUsage(admin, high.id, { sent: 7, failed: 2 });
    const { rows } = await searchTemplates(admin, a.business.id, {
      q: tag,
      sort: { id: "sent", desc: true },
      limit: 10,
      offset: 0,
    });
    expect(rows.map((r) => [r.name, r.sent, r.failed])).toEqual([
      [`use_${tag}_high`, 7, 2],
      [`use_${tag}_low`, 1, 0],
    ]);
  });
});

describe("duplicate", () => {
  it("offers the content under the first free _copy name, written nowhere", async () => {
    const t = await approvedTemplate(a.business.id, { name: name("dup") });
    const first = await templateDraft(admin, { businessId: a.business.id, templateId: t.id });
    expect(first.name).toBe(`${t.name}_copy`);
    expect(first.components).toEqual(
      (await getTemplate(admin, { businessId: a.business.id, templateId: t.id })).components,
    );
    await approvedTemplate(a.business.id, { name: `${t.name}_copy` });
    const copyOfCopy = await templateDraft(admin, { businessId: a.business.id, templateId: t.id });
    expect(copyOfCopy.name).toBe(`${t.name}_copy_2`);
    await expect(templateDraft(admin, { businessId: b.business.id, templateId: t.id })).rejects.toMatchObject(
      { code: "not_found" },
    );
  });
});

describe("edit and resubmit a rejected template", () => {
  it("keeps the id and the history, goes back to PENDING, and is reviewed again", async () => {
    const rejectedName = name("promo_reject");
    const t = await createChatappTemplate(admin, {
      businessId: a.business.id,
      template: textTemplate(rejectedName),
    });
    await runTemplateReviews();
    expect((await getTemplate(admin, { businessId: a.business.id, templateId: t.id })).status).toBe(
      "REJECTED",
    );

    const edited = textTemplate(rejectedName, {
      components: [
        {
          type: "BODY",
          text: "Hi {{1}}, your parcel is on its way to you.",
          example: { body_text: [["Asha"]] },
        },
      ],
    });
    const after = await resubmitTemplate(admin, {
      businessId: a.business.id,
      templateId: t.id,
      template: edited,
    });
    expect(after.id).toBe(t.id);
    expect(after.status).toBe("PENDING");
    expect(after.rejectionReason).toBeNull();
    expect(after.components[0]).toMatchObject({ text: "Hi {{1}}, your parcel is on its way to you." });
    const history = await getTemplateHistory(admin, a.business.id, t.id);
    expect(history.map((h) => [h.from, h.to])).toEqual([
      [null, "PENDING"],
      ["PENDING", "REJECTED"],
      ["REJECTED", "PENDING"],
    ]);
    expect(history[1]!.actor).toBe("simulator (provider)");
    expect(history[2]!.actor).toBe("Ada");
    expect(history[2]!.reason).toMatch(/resubmitted/i);
    // The simulator rejects "reject" names again: the review job ran on the new content.
    await runTemplateReviews();
    expect((await getTemplate(admin, { businessId: a.business.id, templateId: t.id })).status).toBe(
      "REJECTED",
    );
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, t.id), eq(auditLog.action, "template.resubmit")));
    expect(audits).toHaveLength(1);
  });

  it("refuses templates that are not rejected, a new name, and other businesses", async () => {
    const t = await approvedTemplate(a.business.id, { name: name("ok") });
    await expect(
      resubmitTemplate(admin, {
        businessId: a.business.id,
        templateId: t.id,
        template: textTemplate(t.name),
      }),
    ).rejects.toMatchObject({ code: "conflict" });
    const r = await approvedTemplate(a.business.id, { name: name("rej"), status: "REJECTED" });
    await expect(
      resubmitTemplate(admin, {
        businessId: a.business.id,
        templateId: r.id,
        template: textTemplate(name("other")),
      }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "name" }] });
    await expect(
      resubmitTemplate(admin, { businessId: a.business.id, templateId: r.id, template: { name: r.name } }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    await expect(
      resubmitTemplate(admin, {
        businessId: b.business.id,
        templateId: r.id,
        template: textTemplate(r.name),
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("soft delete", () => {
  it("shows the usage first, then hides the template everywhere, refuses sends, and frees the name", async () => {
    const t = await approvedTemplate(a.business.id, { name: name("del") });
    await recordTemplateUsage(admin, t.id, { sent: 3, delivered: 2 });
    const impact = await templateDeleteImpact(admin, { businessId: a.business.id, templateId: t.id });
    expect(impact.usage).toEqual({ sent: 3, delivered: 2, read: 0, failed: 0 });
    expect(impact.lastUsedAt).toBeInstanceOf(Date);

    await expect(
      deleteTemplate(admin, { businessId: b.business.id, templateId: t.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await deleteTemplate(admin, { businessId: a.business.id, templateId: t.id });
    await expect(getTemplate(admin, { businessId: a.business.id, templateId: t.id })).rejects.toMatchObject({
      code: "not_found",
    });
    const listed = await listTemplates(admin, a.business.id, { name: t.name });
    expect(listed.items).toHaveLength(0);
    const searched = await searchTemplates(admin, a.business.id, { q: t.name, limit: 10, offset: 0 });
    expect(searched.total).toBe(0);
    await expect(
      findSendableTemplate(admin, { businessId: a.business.id, channel: "chatapp", id: t.id }),
    ).rejects.toThrow(/was deleted/);
    await expect(
      findSendableTemplate(admin, { businessId: a.business.id, channel: "chatapp", name: t.name }),
    ).rejects.toThrow(/No chatapp template/);
    await expect(
      deleteTemplate(admin, { businessId: a.business.id, templateId: t.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    // The name is free again.
    const again = await createChatappTemplate(admin, {
      businessId: a.business.id,
      template: textTemplate(t.name),
    });
    expect(again.id).not.toBe(t.id);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, t.id), eq(auditLog.action, "template.delete")));
    expect(audit?.data).toMatchObject({ usage: { sent: 3 } });
  });
});

describe("send a test", () => {
  it("asks a TEXT header's {{1}} and an authentication template's code, and sends them", async () => {
    const header = await approvedTemplate(a.business.id, {
      name: name("hdr"),
      components: [
        { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["42"] } },
        { type: "BODY", text: "Hello {{1}}, it has shipped.", example: { body_text: [["Asha"]] } },
      ],
    });
    const ht = await getTemplate(admin, { businessId: a.business.id, templateId: header.id });
    expect(testSlotsOf(ht).map((f) => [f.label, f.example, f.target.part])).toEqual([
      ["Header {{1}}", "42", "headerText"],
      ["Body {{1}}", "Asha", "body"],
    ]);
    const sent = await sendTestMessage(admin, a.business.id, {
      templateId: header.id,
      to: "919900012347",
      values: ["A-77", "Asha"],
    });
    const [m] = await db().select().from(messages).where(eq(messages.id, sent.messageId));
    expect((m!.content as { components: unknown[] }).components).toEqual([
      { type: "header", parameters: [{ type: "text", text: "A-77" }] },
      { type: "body", parameters: [{ type: "text", text: "Asha" }] },
    ]);

    const otp = await createChatappTemplate(admin, {
      businessId: a.business.id,
      template: {
        name: name("otp"),
        language: "en_US",
        category: "AUTHENTICATION",
        components: [
          { type: "BODY" },
          { type: "BUTTONS", buttons: [{ type: "OTP", otp_type: "COPY_CODE" }] },
        ],
      },
    });
    await runTemplateReviews();
    const ot = await getTemplate(admin, { businessId: a.business.id, templateId: otp.id });
    expect(testSlotsOf(ot).map((f) => f.target.part)).toEqual(["body"]);
    const code = await sendTestMessage(admin, a.business.id, {
      templateId: otp.id,
      to: "919900012348",
      values: ["135790"],
    });
    const [c] = await db().select().from(messages).where(eq(messages.id, code.messageId));
    expect((c!.content as { components: unknown[] }).components).toEqual([
      { type: "body", parameters: [{ type: "text", text: "135790" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "135790" }] },
    ]);
  });

  it("sends a chatapp template through A1 with the values given, as written by a person", async () => {
    const t = await approvedTemplate(a.business.id, { name: name("test") });
    const res = await sendTestMessage(admin, a.business.id, {
      templateId: t.id,
      to: "+91 99000 12345",
      values: ["Asha", "A-1"],
    });
    const [m] = await db().select().from(messages).where(eq(messages.id, res.messageId));
    expect(m).toMatchObject({ recipient: "919900012345", templateId: t.id, channel: "chatapp" });
    expect(JSON.stringify(m!.content)).toContain("Asha");
  });

  it("sends an RCS template through A2, and refuses wrong counts and unapproved templates", async () => {
    const r = await approvedTemplate(a.business.id, { name: name("rcs"), channel: "rcs", rcsCard });
    const res = await sendTestMessage(admin, a.business.id, {
      templateId: r.id,
      to: "919900012346",
      values: ["Asha", "1234"],
    });
    const [m] = await db().select().from(messages).where(eq(messages.id, res.messageId));
    expect(m).toMatchObject({ channel: "rcs", templateId: r.id });
    await expect(
      sendTestMessage(admin, a.business.id, { templateId: r.id, to: "919900012346", values: ["only one"] }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const pending = await approvedTemplate(a.business.id, { name: name("pend"), status: "PENDING" });
    await expect(
      sendTestMessage(admin, a.business.id, {
        templateId: pending.id,
        to: "919900012346",
        values: ["a", "b"],
      }),
    ).rejects.toThrow(/PENDING/);
    await expect(
      sendTestMessage(systemCtx("test"), b.business.id, {
        templateId: r.id,
        to: "919900012346",
        values: ["a", "b"],
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("send a test: media headers and carousels", () => {
  const content = async (messageId: string) =>
    JSON.stringify((await db().select().from(messages).where(eq(messages.id, messageId)))[0]!.content);

  it("takes a document or video header as a URL slot, first, and says on its field what is wrong", async () => {
    for (const format of ["DOCUMENT", "VIDEO"] as const) {
      const t = await approvedTemplate(a.business.id, {
        name: name(format.toLowerCase()),
        components: [{ type: "HEADER", format }, ...richComponents.slice(1)],
      });
      const view = await getTemplate(admin, { businessId: a.business.id, templateId: t.id });
      const slots = testSlotsOf(view);
      expect(slots.map((f) => f.label)).toEqual([
        `Header ${format.toLowerCase()}`,
        "Body {{1}}",
        "Body {{2}}",
        'Button "Open" URL {{1}}',
      ]);
      const url = `https://files.example.com/report.${format === "VIDEO" ? "mp4" : "pdf"}`;
      const res = await sendTestMessage(admin, a.business.id, {
        templateId: t.id,
        to: "919900012350",
        values: [url, "Sunil", "1234", "?Kid_ID=7"],
      });
      const stored = await content(res.messageId);
      expect(stored).toContain(url);
      expect(stored).toContain("?Kid_ID=7");
      await expect(
        sendTestMessage(admin, a.business.id, {
          templateId: t.id,
          to: "919900012350",
          values: ["not a url", "Sunil", "1234", "?Kid_ID=7"],
        }),
      ).rejects.toMatchObject({
        code: "invalid_request",
        details: [{ path: "values.0", message: expect.stringMatching(/http\(s\) URL/) }],
      });
    }
  });

  it("pre-fills an image header with the template's own image and takes an upload of this business only", async () => {
    const img = await saveImage(admin, { businessId: a.business.id, bytes: pngBytes(), path: "file" });
    const t = await createChatappTemplate(admin, {
      businessId: a.business.id,
      template: { name: name("img"), language: "en_US", category: "UTILITY", components: richComponents },
      mediaHashes: [img.sha256],
    });
    const slots = testSlotsOf(t);
    expect(slots[0]).toMatchObject({ label: "Header image", example: img.sha256 });
    await db().update(templates).set({ status: "APPROVED" }).where(eq(templates.id, t.id));
    const values = slots.map((f) => f.example);
    const res = await sendTestMessage(admin, a.business.id, { templateId: t.id, to: "919900012351", values });
    expect(await content(res.messageId)).toContain(img.sha256);
    // An image of business B is not business A's to send.
    const other = await saveImage(admin, {
      businessId: b.business.id,
      bytes: pngBytes(),
      path: "file",
    });
    await expect(
      sendTestMessage(admin, a.business.id, {
        templateId: t.id,
        to: "919900012351",
        values: [other.sha256, ...values.slice(1)],
      }),
    ).rejects.toMatchObject({ details: [{ path: "values.0" }] });
  });

  it("sends a carousel with per-card slots: image, body variables and URL suffix of every card", async () => {
    const t = await approvedTemplate(a.business.id, { name: name("car"), components: carouselComponents });
    const view = await getTemplate(admin, { businessId: a.business.id, templateId: t.id });
    const slots = testSlotsOf(view);
    expect(slots.map((f) => f.label).slice(0, 6)).toEqual([
      "Body {{1}}",
      "Card 1 image",
      "Card 1 {{1}}",
      "Card 1 {{2}}",
      'Card 1 Button "Buy" URL {{1}}',
      "Card 2 image",
    ]);
    expect(slots).toHaveLength(1 + 3 * 4);
    const values = slots.map((f, i) =>
      f.target.part === "header" ? `https://cdn.example.com/card${f.target.card}.png` : f.example || `v${i}`,
    );
    const res = await sendTestMessage(admin, a.business.id, { templateId: t.id, to: "919900012352", values });
    const stored = await content(res.messageId);
    for (const card of [0, 1, 2]) expect(stored).toContain(`https://cdn.example.com/card${card}.png`);
    expect(stored).toContain("Asha");
    expect(stored).toContain("fern");
  });
});

describe("RCS card with an uploaded image", () => {
  it("points the card at the public address, served only while a live RCS template uses it", async () => {
    const img = await saveImage(admin, { businessId: a.business.id, bytes: pngBytes(), path: "file" });
    const other = await saveImage(admin, { businessId: b.business.id, bytes: pngBytes(), path: "file" });
    const body = {
      messageTemplate: { name: name("card"), language: "en" },
      rcsOutgoingMessage: { richCard: { standaloneCard: { cardContent: { title: "Sale" } } } },
    };
    await expect(
      createRcsTemplate(admin, { businessId: a.business.id, template: body, mediaHash: other.sha256 }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const ref = { businessId: a.business.id, sha256: img.sha256 };
    await expect(readPublishedRcsMedia(admin, ref)).rejects.toMatchObject({ code: "not_found" });
    const t = await createRcsTemplate(admin, {
      businessId: a.business.id,
      template: body,
      mediaHash: img.sha256,
    });
    expect(t.mediaHashes).toEqual([img.sha256]);
    expect(t.rcsCard && cardContentsOf(t.rcsCard.richCard)[0]?.media?.contentInfo.fileUrl).toMatch(
      new RegExp(`/media/${a.business.id}/${img.sha256}$`),
    );
    expect((await readPublishedRcsMedia(admin, ref)).contentType).toBe("image/png");
    await expect(
      readPublishedRcsMedia(admin, { businessId: b.business.id, sha256: img.sha256 }),
    ).rejects.toMatchObject({ code: "not_found" });
    await deleteTemplate(admin, { businessId: a.business.id, templateId: t.id });
    await expect(readPublishedRcsMedia(admin, ref)).rejects.toMatchObject({ code: "not_found" });
  });
});
