import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { imageTemplate, jpegBytes, pngBytes, runTemplateReviews, textTemplate } from "@/test/templates";

const d1 = (b: string) => `/api/v1/template/${b}`;
const d2 = (b: string) => `/api/v1/template/media/${b}`;
const d4 = (b: string, id: string, analytics = false) =>
  `/api/v1/template/id/${b}?templateId=${id}${analytics ? "&analytics=true" : ""}`;
const name = (p = "t") => `${p}_${uniq()}`;

function multipart(
  template: unknown,
  files: { bytes: Buffer; name: string; type?: string }[],
  part = "template",
) {
  const form = new FormData();
  form.append(part, JSON.stringify(template));
  for (const f of files)
    form.append(
      "files",
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "application/octet-stream" }),
      f.name,
    );
  return form;
}

describe("D1 POST /api/v1/template/{business_id}", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
  });
  const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });

  it("creates a PENDING text template and answers id, status, category", async () => {
    const res = await api(d1(a.business.id), { headers: key(a), json: textTemplate(name()) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "PENDING", category: "UTILITY", lintWarnings: [] });
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("returns lint warnings for a body that starts and ends with variables", async () => {
    const t = textTemplate(name(), {
      components: [{ type: "BODY", text: "{{1}} {{2}}", example: { body_text: [["a", "b"]] } }],
    });
    const res = await api(d1(a.business.id), { headers: key(a), json: t });
    expect(res.status).toBe(200);
    const codes = res.json.lintWarnings.map((w: { code: string }) => w.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        "variable_at_start",
        "variable_at_end",
        "adjacent_variables",
        "too_many_variables",
      ]),
    );
  });

  it("answers 409 for a duplicate name in the same business, but allows it in another", async () => {
    const n = name();
    expect((await api(d1(a.business.id), { headers: key(a), json: textTemplate(n) })).status).toBe(200);
    const dup = await api(d1(a.business.id), { headers: key(a), json: textTemplate(n) });
    expect(dup.status).toBe(409);
    expect(dup.json.error.code).toBe("conflict");
    expect(dup.json.error.details[0].path).toBe("name");
    expect((await api(d1(b.business.id), { headers: key(b), json: textTemplate(n) })).status).toBe(200);
  });

  it.each([
    ["bad name", { name: "Bad Name" }, "name"],
    ["bad language", { language: "english" }, "language"],
    ["bad category", { category: "PROMO" }, "category"],
    ["no body", { components: [{ type: "FOOTER", text: "x" }] }, "components"],
    [
      "variables out of sequence",
      { components: [{ type: "BODY", text: "Hi {{2}} and {{1}} ok", example: { body_text: [["a", "b"]] } }] },
      "components.0.text",
    ],
    [
      "sample count mismatch",
      { components: [{ type: "BODY", text: "Hi {{1}} and {{2}} ok", example: { body_text: [["a"]] } }] },
      "components.0.example.body_text",
    ],
    ["body too long", { components: [{ type: "BODY", text: "x".repeat(1025) }] }, "components.0.text"],
  ])("answers 400 with the path for %s", async (_label, patch, path) => {
    const res = await api(d1(a.business.id), {
      headers: key(a),
      json: { ...textTemplate(name()), ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
    expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("points IMAGE headers at D2", async () => {
    const res = await api(d1(a.business.id), { headers: key(a), json: imageTemplate(name()) });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/template\/media/);
  });

  it("answers 400 for malformed JSON, 401 without a key and 401 on another business's path", async () => {
    const bad = await api(d1(a.business.id), {
      headers: { ...key(a), "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect((await api(d1(a.business.id), { json: textTemplate(name()) })).status).toBe(401);
    const cross = await api(d1(b.business.id), { headers: key(a), json: textTemplate(name()) });
    expect(cross.status).toBe(401);
  });
});

describe("D2 POST /api/v1/template/media/{business_id}", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
  });

  it("creates an image template; the image is served back by the header_handle URL", async () => {
    const img = pngBytes();
    const res = await api(d2(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(imageTemplate(name()), [{ bytes: img, name: "banner.png", type: "image/png" }]),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "PENDING", category: "MARKETING" });
    const got = await api(d4(a.business.id, res.json.id), { headers: { "x-api-key": a.apiKey } });
    const handle: string = got.json.components[0].example.header_handle[0];
    expect(handle).toMatch(/\/api\/v1\/media\/.+\/[0-9a-f]{64}$/);
    const path = new URL(handle).pathname;
    const media = await api(path, { headers: { "x-api-key": a.apiKey } });
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/png");
    // Business B can neither fetch A's image on its own path nor on A's.
    const hash = path.split("/").pop()!;
    expect(
      (await api(`/api/v1/media/${b.business.id}/${hash}`, { headers: { "x-api-key": b.apiKey } })).status,
    ).toBe(404);
    expect((await api(path, { headers: { "x-api-key": b.apiKey } })).status).toBe(401);
  });

  it("checks the image by content: a PNG named .jpg works, a text file named .png is a 400", async () => {
    const ok = await api(d2(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(imageTemplate(name()), [{ bytes: pngBytes(), name: "photo.jpg", type: "image/jpeg" }]),
    });
    expect(ok.status).toBe(200);
    const bad = await api(d2(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(imageTemplate(name()), [
        { bytes: Buffer.from("just some text"), name: "x.png", type: "image/png" },
      ]),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("files");
  });

  it("refuses images over 5 MB with 413", async () => {
    const res = await api(d2(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(imageTemplate(name()), [{ bytes: jpegBytes(5 * 1024 * 1024 + 10), name: "big.jpg" }]),
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
  });

  it("accepts the alternative part names and answers 400 without a JSON part or with a missing image", async () => {
    for (const part of ["body", "data", "payload", "json"]) {
      const res = await api(d2(a.business.id), {
        headers: { "x-api-key": a.apiKey },
        body: multipart(imageTemplate(name()), [{ bytes: jpegBytes(), name: "a.jpg" }], part),
      });
      expect(res.status, part).toBe(200);
    }
    const none = new FormData();
    none.append("files", new Blob([new Uint8Array(pngBytes())]), "a.png");
    const r1 = await api(d2(a.business.id), { headers: { "x-api-key": a.apiKey }, body: none });
    expect(r1.status).toBe(400);
    expect(r1.json.error.details[0].path).toBe("template");
    const r2 = await api(d2(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(imageTemplate(name()), []),
    });
    expect(r2.status).toBe(400);
    expect(r2.json.error.details[0].path).toBe("files");
  });

  it("creates a carousel with one image per card", async () => {
    const card = (n: number) => ({
      components: [
        { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
        { type: "BODY", text: `Card ${n} offer for you today` },
        { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "More" }] },
      ],
    });
    const t = {
      name: name("carousel"),
      language: "en",
      category: "MARKETING",
      components: [
        { type: "BODY", text: "Pick a product you like from our range" },
        { type: "CAROUSEL", cards: [card(1), card(2)] },
      ],
    };
    const res = await api(d2(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(t, [
        { bytes: pngBytes(), name: "1.png" },
        { bytes: jpegBytes(), name: "2.jpg" },
      ]),
    });
    expect(res.status).toBe(200);
    const got = await api(d4(a.business.id, res.json.id), { headers: { "x-api-key": a.apiKey } });
    const cards = got.json.components[1].cards;
    expect(cards[0].components[0].example.header_handle[0]).not.toBe(
      cards[1].components[0].example.header_handle[0],
    );
  });

  it("answers 401 for another business's path", async () => {
    const res = await api(d2(b.business.id), {
      headers: { "x-api-key": a.apiKey },
      body: multipart(imageTemplate(name()), [{ bytes: pngBytes(), name: "a.png" }]),
    });
    expect(res.status).toBe(401);
  });
});

describe("D3 list and D4 get", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let approvedId: string;
  let pendingName: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const r1 = await api(d1(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      json: textTemplate(name("alpha")),
    });
    approvedId = r1.json.id;
    await runTemplateReviews();
    pendingName = name("beta");
    await api(d1(a.business.id), {
      headers: { "x-api-key": a.apiKey },
      json: textTemplate(pendingName, { category: "MARKETING" }),
    });
    await api(d1(b.business.id), { headers: { "x-api-key": b.apiKey }, json: textTemplate(name("other")) });
  });

  it("lists the business's chatapp templates as { data: [...] } with the record fields", async () => {
    const res = await api(d1(a.business.id), { headers: { "x-api-key": a.apiKey } });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(2);
    const rec = res.json.data.find((t: { id: string }) => t.id === approvedId);
    expect(Object.keys(rec)).toEqual(
      expect.arrayContaining(["id", "name", "language", "category", "status", "components"]),
    );
    expect(rec.status).toBe("APPROVED");
  });

  it("filters by status, category and name prefix, and pages with a cursor", async () => {
    const h = { "x-api-key": a.apiKey };
    const pending = await api(`${d1(a.business.id)}?status=PENDING`, { headers: h });
    expect(pending.json.data.map((t: { name: string }) => t.name)).toEqual([pendingName]);
    const marketing = await api(`${d1(a.business.id)}?category=MARKETING`, { headers: h });
    expect(marketing.json.data).toHaveLength(1);
    const prefix = await api(`${d1(a.business.id)}?name=alpha_`, { headers: h });
    expect(prefix.json.data.map((t: { id: string }) => t.id)).toEqual([approvedId]);
    const p1 = await api(`${d1(a.business.id)}?limit=1`, { headers: h });
    expect(p1.json.data).toHaveLength(1);
    expect(p1.json.paging.nextCursor).toBeTruthy();
    const p2 = await api(`${d1(a.business.id)}?limit=1&cursor=${p1.json.paging.nextCursor}`, { headers: h });
    expect(p2.json.data).toHaveLength(1);
    expect(p2.json.data[0].id).not.toBe(p1.json.data[0].id);
    expect(p2.json.paging.nextCursor).toBeNull();
    const bad = await api(`${d1(a.business.id)}?status=SOMETIMES&limit=0`, { headers: h });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(["query.status", "query.limit"]),
    );
  });

  it("gets one template; analytics=true adds usage counters", async () => {
    const { recordTemplateUsage } = await import("@/lib/templates/record-template-usage");
    const { systemCtx } = await import("@/lib/context");
    await recordTemplateUsage(systemCtx(), approvedId, { sent: 3, delivered: 2, read: 1 });
    await recordTemplateUsage(systemCtx(), approvedId, { sent: 1, failed: 1 });
    const plain = await api(d4(a.business.id, approvedId), { headers: { "x-api-key": a.apiKey } });
    expect(plain.status).toBe(200);
    expect(plain.json.analytics).toBeUndefined();
    const withStats = await api(d4(a.business.id, approvedId, true), { headers: { "x-api-key": a.apiKey } });
    expect(withStats.json.analytics).toEqual({ sent: 4, delivered: 2, read: 1, failed: 1 });
  });

  it("answers 404 for unknown ids and 400 without templateId", async () => {
    const h = { "x-api-key": a.apiKey };
    expect(
      (await api(d4(a.business.id, "00000000-0000-7000-8000-000000000000"), { headers: h })).status,
    ).toBe(404);
    expect((await api(d4(a.business.id, "not-a-uuid"), { headers: h })).status).toBe(404);
    const missing = await api(`/api/v1/template/id/${a.business.id}`, { headers: h });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details[0].path).toBe("query.templateId");
  });

  it("never shows business A's templates to business B", async () => {
    const h = { "x-api-key": b.apiKey };
    // B's own path: A's id is not found.
    expect((await api(d4(b.business.id, approvedId), { headers: h })).status).toBe(404);
    // A's path with B's key: 401.
    expect((await api(d4(a.business.id, approvedId), { headers: h })).status).toBe(401);
    expect((await api(d1(a.business.id), { headers: h })).status).toBe(401);
    const own = await api(d1(b.business.id), { headers: h });
    expect(own.json.data.map((t: { id: string }) => t.id)).not.toContain(approvedId);
  });
});
