import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, businessChannels } from "@/db/schema";
import { inTransaction, systemCtx, type Ctx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { api } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { imageTemplate, pngBytes, runTemplateReviews, textTemplate } from "@/test/templates";
import { createChatappTemplate } from "./create-chatapp-template";
import { findSendableTemplate } from "./find-sendable-template";
import { getTemplate, getTemplateHistory } from "./get-template";
import { listReviewQueue } from "./list-review-queue";
import { reviewTemplate } from "./review-template";
import { runTemplateReview } from "./run-template-review";
import { resetEnv } from "@/lib/env";

const sys = systemCtx("test");
const operator: Ctx = {
  db: db(),
  actor: { type: "user", id: "00000000-0000-7000-8000-0000000000aa", role: "OPERATOR", businessId: null },
};
const name = (p = "t") => `${p}_${uniq()}`;

async function jobsFor(templateId: string): Promise<number> {
  const r = await db().execute(
    sql`select count(*)::int as n from pgboss.job where name = 'template-review' and data->>'templateId' = ${templateId}`,
  );
  return (r.rows[0] as { n: number }).n;
}

describe("simulator review", () => {
  let a: TestBusiness;
  beforeAll(async () => {
    a = await createTestBusiness();
  });

  it("enqueues the review job with the template and approves it", async () => {
    const t = await createChatappTemplate(sys, { businessId: a.business.id, template: textTemplate(name()) });
    expect(t.status).toBe("PENDING");
    expect(await jobsFor(t.id)).toBe(1);
    await runTemplateReviews();
    const after = await getTemplate(sys, { businessId: a.business.id, templateId: t.id });
    expect(after.status).toBe("APPROVED");
    const history = await getTemplateHistory(sys, a.business.id, t.id);
    expect(history.map((h) => [h.from, h.to, h.actorId])).toEqual([
      [null, "PENDING", "test"],
      ["PENDING", "APPROVED", "provider:simulator"],
    ]);
    const sendable = await findSendableTemplate(sys, {
      businessId: a.business.id,
      channel: "chatapp",
      name: t.name,
    });
    expect(sendable.id).toBe(t.id);
  });

  it("rejects names containing 'reject' with a reason, and such templates cannot be sent", async () => {
    const t = await createChatappTemplate(sys, {
      businessId: a.business.id,
      template: textTemplate(name("please_reject")),
    });
    await runTemplateReviews();
    const after = await getTemplate(sys, { businessId: a.business.id, templateId: t.id });
    expect(after.status).toBe("REJECTED");
    expect(after.rejectionReason).toMatch(/reject/);
    await expect(
      findSendableTemplate(sys, { businessId: a.business.id, channel: "chatapp", name: t.name }),
    ).rejects.toMatchObject({ code: "invalid_request", message: expect.stringMatching(/rejected/) });
  });

  it("leaves names containing 'manual' PENDING for an operator", async () => {
    const t = await createChatappTemplate(sys, {
      businessId: a.business.id,
      template: textTemplate(name("manual")),
    });
    await runTemplateReview(sys, { businessId: a.business.id, templateId: t.id });
    const after = await getTemplate(sys, { businessId: a.business.id, templateId: t.id });
    expect(after.status).toBe("PENDING");
    expect(after.providerRef).toBe(`sim_${t.id}`);
    const approved = await reviewTemplate(operator, {
      businessId: a.business.id,
      templateId: t.id,
      decision: "APPROVED",
    });
    expect(approved.status).toBe("APPROVED");
  });

  it("leaves neither template nor job behind when the surrounding transaction rolls back", async () => {
    let id = "";
    await expect(
      inTransaction(sys, async (tx) => {
        id = (await createChatappTemplate(tx, { businessId: a.business.id, template: textTemplate(name()) }))
          .id;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(id).not.toBe("");
    expect(await jobsFor(id)).toBe(0);
    await expect(getTemplate(sys, { businessId: a.business.id, templateId: id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("findSendableTemplate explains pending, unknown and wrong-language templates", async () => {
    const t = await createChatappTemplate(sys, { businessId: a.business.id, template: textTemplate(name()) });
    const find = (x: object) =>
      findSendableTemplate(sys, { businessId: a.business.id, channel: "chatapp", ...x });
    await expect(find({ name: t.name })).rejects.toMatchObject({ message: expect.stringMatching(/PENDING/) });
    await expect(find({ name: "nope_nope" })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(find({ id: t.id, language: "fr" })).rejects.toMatchObject({
      details: [{ path: "message.language" }],
    });
    await expect(
      findSendableTemplate(sys, { businessId: a.business.id, channel: "rcs", id: t.id }),
    ).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});

describe("operator review", () => {
  let a: TestBusiness;
  beforeAll(async () => {
    a = await createTestBusiness();
    // google-rbm has no review capability: its templates wait for an operator.
    await db()
      .update(businessChannels)
      .set({ provider: "google-rbm" })
      .where(and(eq(businessChannels.businessId, a.business.id), eq(businessChannels.channel, "chatapp")));
  });

  it("shows waiting templates in the queue; approve and reject are audited, reject needs a reason", async () => {
    const t1 = await createChatappTemplate(sys, {
      businessId: a.business.id,
      template: textTemplate(name()),
    });
    const t2 = await createChatappTemplate(sys, {
      businessId: a.business.id,
      template: textTemplate(name()),
    });
    expect(await jobsFor(t1.id)).toBe(0);
    const queue = await listReviewQueue(operator);
    expect(queue.map((q) => q.id)).toEqual(expect.arrayContaining([t1.id, t2.id]));
    const approved = await reviewTemplate(operator, {
      businessId: a.business.id,
      templateId: t1.id,
      decision: "APPROVED",
    });
    expect(approved.status).toBe("APPROVED");
    await expect(
      reviewTemplate(operator, { businessId: a.business.id, templateId: t2.id, decision: "REJECTED" }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "reason" }] });
    const rejected = await reviewTemplate(operator, {
      businessId: a.business.id,
      templateId: t2.id,
      decision: "REJECTED",
      reason: "Promotional content in a UTILITY template",
    });
    expect(rejected).toMatchObject({
      status: "REJECTED",
      rejectionReason: "Promotional content in a UTILITY template",
    });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, a.business.id), eq(auditLog.action, "template.review")));
    expect(audits.map((x) => x.actorId)).toEqual(expect.arrayContaining([operator.actor.id]));
    expect(audits).toHaveLength(2);
    // Decided templates leave the queue and cannot be decided again.
    expect((await listReviewQueue(operator)).map((q) => q.id)).not.toContain(t1.id);
    await expect(
      reviewTemplate(operator, {
        businessId: a.business.id,
        templateId: t1.id,
        decision: "REJECTED",
        reason: "x",
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses non-operators and templates of the wrong business", async () => {
    const t = await createChatappTemplate(sys, { businessId: a.business.id, template: textTemplate(name()) });
    const admin: Ctx = {
      db: db(),
      actor: { type: "user", id: a.admin.id, role: "BUSINESS_ADMIN", businessId: a.business.id },
    };
    await expect(
      reviewTemplate(admin, { businessId: a.business.id, templateId: t.id, decision: "APPROVED" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const other = await createTestBusiness();
    await expect(
      reviewTemplate(operator, { businessId: other.business.id, templateId: t.id, decision: "APPROVED" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("an operator decision made before the provider answers stands", async () => {
    const b = await createTestBusiness();
    const t = await createChatappTemplate(sys, {
      businessId: b.business.id,
      template: textTemplate(name("x_reject")),
    });
    await reviewTemplate(operator, { businessId: b.business.id, templateId: t.id, decision: "APPROVED" });
    await runTemplateReview(sys, { businessId: b.business.id, templateId: t.id });
    expect((await getTemplate(sys, { businessId: b.business.id, templateId: t.id })).status).toBe("APPROVED");
  });
});

describe("whatsapp-cloud review against a fake Graph API", () => {
  const SECRET = "test-app-secret-123456";
  let server: http.Server;
  const received: { path: string; body: string; auth?: string }[] = [];
  let nextTemplateId = 900000 + Math.floor(Math.random() * 99999);
  let refuse = false;
  let a: TestBusiness;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "";
        received.push({
          path,
          body: Buffer.concat(chunks).toString("utf8"),
          auth: req.headers.authorization,
        });
        res.setHeader("content-type", "application/json");
        if (path.startsWith("/app-1/uploads")) return res.end(JSON.stringify({ id: "upload:abc" }));
        if (path === "/upload:abc") return res.end(JSON.stringify({ h: "4::aW1hZ2U=" }));
        if (path === "/waba-1/message_templates") {
          if (refuse) {
            res.statusCode = 400;
            return res.end(
              JSON.stringify({
                error: { message: "Invalid parameter", error_user_msg: "Body has too many variables" },
              }),
            );
          }
          const t = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { category: string };
          return res.end(
            JSON.stringify({ id: String(nextTemplateId++), status: "PENDING", category: t.category }),
          );
        }
        res.statusCode = 404;
        res.end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    process.env.WHATSAPP_GRAPH_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.WHATSAPP_APP_SECRET = SECRET;
    process.env.WHATSAPP_VERIFY_TOKEN = "verify-me";
    resetEnv();
    a = await createTestBusiness();
    await db()
      .update(businessChannels)
      .set({
        provider: "whatsapp-cloud",
        config: { phoneNumberIds: ["111"], wabaId: "waba-1", accessToken: "tok-1", appId: "app-1" },
      })
      .where(and(eq(businessChannels.businessId, a.business.id), eq(businessChannels.channel, "chatapp")));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const sign = (body: string, secret = SECRET) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const statusEvent = (ref: string, event: string, reason = "NONE") =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-1",
          time: 1700000000,
          changes: [
            {
              field: "message_template_status_update",
              value: {
                event,
                message_template_id: Number(ref),
                message_template_name: "x",
                message_template_language: "en_US",
                reason,
              },
            },
          ],
        },
      ],
    });
  const post = (body: string, signature?: string) =>
    api("/api/webhooks/whatsapp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-hub-signature-256": signature } : {}),
      },
      body,
    });

  it("uploads the image, submits Meta's template format and applies the signed status webhook", async () => {
    const t = await createChatappTemplate(sys, {
      businessId: a.business.id,
      template: imageTemplate(name()),
      files: [{ bytes: pngBytes(), fileName: "banner.png" }],
    });
    await runTemplateReview(sys, { businessId: a.business.id, templateId: t.id });
    const submitted = received.find((r) => r.path === "/waba-1/message_templates")!;
    expect(submitted.auth).toBe("Bearer tok-1");
    const body = JSON.parse(submitted.body);
    expect(body).toMatchObject({ name: t.name, language: "en_US", category: "MARKETING" });
    expect(body.components[0]).toEqual({
      type: "HEADER",
      format: "IMAGE",
      example: { header_handle: ["4::aW1hZ2U="] },
    });
    const pending = await getTemplate(sys, { businessId: a.business.id, templateId: t.id });
    expect(pending.status).toBe("PENDING");
    const ref = pending.providerRef!;
    expect(ref).toMatch(/^\d+$/);

    // Bad or missing signatures change nothing.
    const approved = statusEvent(ref, "APPROVED");
    expect((await post(approved)).status).toBe(401);
    expect((await post(approved, sign(approved, "wrong-secret"))).status).toBe(401);
    expect((await getTemplate(sys, { businessId: a.business.id, templateId: t.id })).status).toBe("PENDING");

    const rejected = statusEvent(ref, "REJECTED", "INVALID_FORMAT");
    expect((await post(rejected, sign(rejected))).status).toBe(200);
    const r = await getTemplate(sys, { businessId: a.business.id, templateId: t.id });
    expect(r).toMatchObject({ status: "REJECTED", rejectionReason: "INVALID_FORMAT" });
    // Meta can reinstate after an appeal; a repeated event is a no-op.
    expect((await post(approved, sign(approved))).status).toBe(200);
    expect((await post(approved, sign(approved))).status).toBe(200);
    expect((await getTemplate(sys, { businessId: a.business.id, templateId: t.id })).status).toBe("APPROVED");
    const history = await getTemplateHistory(sys, a.business.id, t.id);
    expect(history.map((h) => h.to)).toEqual(["PENDING", "REJECTED", "APPROVED"]);
  });

  it("turns Meta's 4xx refusal into REJECTED with Meta's message", async () => {
    refuse = true;
    const t = await createChatappTemplate(sys, { businessId: a.business.id, template: textTemplate(name()) });
    await runTemplateReview(sys, { businessId: a.business.id, templateId: t.id });
    refuse = false;
    const after = await getTemplate(sys, { businessId: a.business.id, templateId: t.id });
    expect(after).toMatchObject({ status: "REJECTED", rejectionReason: "Meta: Body has too many variables" });
  });

  it("answers the hub.challenge verification only with the right token", async () => {
    const ok = await api(
      "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345",
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("12345");
    const bad = await api(
      "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=12345",
    );
    expect(bad.status).toBe(403);
  });

  it("acknowledges events for unknown templates and ignores other fields", async () => {
    const body = statusEvent("1", "APPROVED");
    expect((await post(body, sign(body))).status).toBe(200);
    const other = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "w", changes: [{ field: "unknown_field", value: {} }] }],
    });
    expect((await post(other, sign(other))).status).toBe(200);
  });
});
