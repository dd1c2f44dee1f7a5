import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { rcsTemplate, runTemplateReviews } from "@/test/templates";

const d5 = (b: string) => `/api/v2/resource/${b}/rcs/template`;
const d6 = (b: string) => `/api/v2/resource/${b}/rcs/template/list`;
const d7 = (b: string, id: string) => `/api/v2/resource/${b}/rcs/template?templateId=${id}`;
const name = (p = "rcs") => `${p}_${uniq()}`;

describe("RCS templates D5-D7", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
  });
  const h = (t: TestBusiness) => ({ "x-api-key": t.apiKey });

  it("D5 creates a rich-card template: id, status, template {name, language, id}, echo of the card", async () => {
    const body = rcsTemplate(name());
    const res = await api(d5(a.business.id), { headers: h(a), json: body });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("PENDING");
    expect(res.json.template).toEqual({ name: body.messageTemplate.name, language: "en", id: res.json.id });
    expect(res.json.rcsOutgoingMessage).toEqual(body.rcsOutgoingMessage);
  });

  it("D6 lists and D7 gets records in the spec's shape", async () => {
    const body = rcsTemplate(name("card"));
    const created = await api(d5(a.business.id), { headers: h(a), json: body });
    await runTemplateReviews();
    const agent = a.business.channels.find((c) => c.channel === "rcs")!.agentId;
    const list = await api(d6(a.business.id), { headers: h(a) });
    expect(list.status).toBe(200);
    const rec = list.json.data.find((r: { rcsTemplateId: string }) => r.rcsTemplateId === created.json.id);
    expect(rec).toMatchObject({
      agentId: `RCSTemplate:${agent}`,
      rcsTemplateId: created.json.id,
      messageTemplate: { name: body.messageTemplate.name, language: "en", id: created.json.id },
      rcsSpecificFields: { title: ["Summer sale"] },
      rcsOutgoingMessage: null,
      status: "APPROVED",
      ttl: 0,
    });
    expect(rec.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rec.messageTemplate.components.map((c: { type: string }) => c.type)).toEqual([
      "HEADER",
      "BODY",
      "BUTTONS",
    ]);
    const one = await api(d7(a.business.id, created.json.id), { headers: h(a) });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(rec);
  });

  it("D6 filters by status and name prefix and pages", async () => {
    const res = await api(`${d6(a.business.id)}?status=APPROVED&name=card_&limit=1`, { headers: h(a) });
    expect(res.status).toBe(200);
    expect(res.json.data.every((r: { status: string }) => r.status === "APPROVED")).toBe(true);
    expect(res.json.data.length).toBeLessThanOrEqual(1);
    expect(res.json).toHaveProperty("paging.nextCursor");
  });

  it.each([
    [
      "too many suggestions",
      (t: any) => {
        const s = t.rcsOutgoingMessage.richCard.standaloneCard.cardContent.suggestions;
        t.rcsOutgoingMessage.richCard.standaloneCard.cardContent.suggestions = [s[0], s[0], s[0], s[0], s[0]];
      },
      "rcsOutgoingMessage.richCard.standaloneCard.cardContent.suggestions",
    ],
    [
      "bad media height",
      (t: any) => {
        t.rcsOutgoingMessage.richCard.standaloneCard.cardContent.media.height = "HUGE";
      },
      "rcsOutgoingMessage.richCard.standaloneCard.cardContent.media.height",
    ],
    [
      "title too long",
      (t: any) => {
        t.rcsOutgoingMessage.richCard.standaloneCard.cardContent.title = "x".repeat(201);
      },
      "rcsOutgoingMessage.richCard.standaloneCard.cardContent.title",
    ],
    [
      "suggestion without openUrlAction",
      (t: any) => {
        delete t.rcsOutgoingMessage.richCard.standaloneCard.cardContent.suggestions[0].action.openUrlAction;
      },
      "rcsOutgoingMessage.richCard.standaloneCard.cardContent.suggestions.0.action.openUrlAction",
    ],
    [
      "bad language",
      (t: any) => {
        t.messageTemplate.language = "EN-us";
      },
      "messageTemplate.language",
    ],
  ])("D5 answers 400 with the path for %s", async (_l, mutate, path) => {
    const t = rcsTemplate(name());
    mutate(t);
    const res = await api(d5(a.business.id), { headers: h(a), json: t });
    expect(res.status).toBe(400);
    expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("D5 answers 409 for a duplicate name", async () => {
    const t = rcsTemplate(name());
    expect((await api(d5(a.business.id), { headers: h(a), json: t })).status).toBe(200);
    const dup = await api(d5(a.business.id), { headers: h(a), json: t });
    expect(dup.status).toBe(409);
    expect(dup.json.error.details[0].path).toBe("messageTemplate.name");
  });

  it("D7 answers 404 for unknown ids and for chatapp template ids, 400 without templateId", async () => {
    expect(
      (await api(d7(a.business.id, "00000000-0000-7000-8000-000000000000"), { headers: h(a) })).status,
    ).toBe(404);
    const chat = await api(`/api/v1/template/${a.business.id}`, {
      headers: h(a),
      json: {
        name: name("chat"),
        language: "en",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Hello there" }],
      },
    });
    expect((await api(d7(a.business.id, chat.json.id), { headers: h(a) })).status).toBe(404);
    expect((await api(`/api/v2/resource/${a.business.id}/rcs/template`, { headers: h(a) })).status).toBe(400);
  });

  it("keeps businesses apart: 401 on another's path, 404 for another's id, nothing in the list", async () => {
    const created = await api(d5(a.business.id), { headers: h(a), json: rcsTemplate(name()) });
    expect((await api(d5(a.business.id), { headers: h(b), json: rcsTemplate(name()) })).status).toBe(401);
    expect((await api(d6(a.business.id), { headers: h(b) })).status).toBe(401);
    expect((await api(d7(a.business.id, created.json.id), { headers: h(b) })).status).toBe(401);
    expect((await api(d7(b.business.id, created.json.id), { headers: h(b) })).status).toBe(404);
    const own = await api(d6(b.business.id), { headers: h(b) });
    expect(own.json.data).toEqual([]);
  });
});
