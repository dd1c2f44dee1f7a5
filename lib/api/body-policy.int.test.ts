import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const MiB = 1024 * 1024;

/** A multipart body as a client sends it: encoded once, with Content-Length and boundary. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const req = new Request("http://x", { method: "POST", body: form });
  const body = new Uint8Array(await req.arrayBuffer());
  return {
    body,
    headers: { "content-length": String(body.byteLength), "content-type": req.headers.get("content-type")! },
  };
}

describe("which body each route reads, and its limit", () => {
  let t: TestBusiness;
  let g: string;
  beforeAll(async () => {
    t = await createTestBusiness();
    g = `apikey=${t.apiKey}&email=${encodeURIComponent(t.admin.email)}`;
  });

  // The JSON-only routes answered 500: the contract's media-type gate threw an unmapped 415.
  const jsonRoutes = (id: string): [string, string][] => [
    ["POST", `/api/v3/message/${id}/template`],
    ["POST", `/api/v1/message/${id}/template`],
    ["POST", `/api/v3/message/${id}/template/rcs`],
    ["POST", `/api/v3/message/${id}/rcs/text`],
    ["POST", `/api/v1/message/${id}/template/rcs?channel=rcs`],
    ["POST", `/api/v2/message/${id}/template`],
    ["POST", `/api/v3/callbacks/${id}/endpoints`],
    ["PATCH", `/api/v3/callbacks/${id}/endpoints/00000000-0000-7000-8000-000000000000`],
    ["POST", `/api/v1/template/${id}`],
    ["POST", `/api/v2/resource/${id}/rcs/template`],
    ["POST", `/api/v3/profile/upload`],
  ];

  it("answers 415 with the error shape to a multipart body on a JSON route", async () => {
    for (const [method, path] of jsonRoutes(t.business.id)) {
      const { body, headers } = await multipart({ name: "x" });
      const res = await api(path, { method, headers: { ...headers, "x-api-key": t.apiKey }, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(415);
      expect(res.json.error).toMatchObject({
        code: "unsupported_media_type",
        message: expect.stringContaining("send the body as application/json"),
        details: [],
        requestId: expect.any(String),
      });
    }
  });

  it("holds a JSON route to the JSON limit whatever the content type (was the 20 MiB upload limit)", async () => {
    const { body, headers } = await multipart({ name: "x".repeat(2 * MiB) });
    const res = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { ...headers, "x-api-key": t.apiKey },
      body,
    });
    expect(res.status).toBe(415);
    // A form route reads multipart, within the JSON limit.
    const form = await multipart({ teamName: "x".repeat(2 * MiB) });
    const team = await api(`/api/v3/provisioning/user-team/team?${g}`, form);
    expect(team.status).toBe(413);
    expect(team.json.error.code).toBe("payload_too_large");
  });

  it("gives D2 multipart the upload limit, and B1 the bulk limit", async () => {
    const { body, headers } = await multipart({ template: "{}", pad: "x".repeat(2 * MiB) });
    const d2 = await api(`/api/v1/template/media/${t.business.id}`, {
      headers: { ...headers, "x-api-key": t.apiKey },
      body,
    });
    expect(d2.status, d2.text).toBe(400); // read and validated, not refused for its size
    const b1 = await api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: { pad: "x".repeat(2 * MiB) },
    });
    expect(b1.status, b1.text).toBe(400);
  });

  it("answers 400 to a multipart content type with a JSON body on the Exotel callback (was 500)", async () => {
    for (const type of ["multipart/form-data; boundary=x", "multipart/form-data"]) {
      const res = await api(`/api/webhooks/exotel/calls/00000000-0000-7000-8000-000000000000?token=x`, {
        headers: { "content-type": type },
        body: JSON.stringify({ CallSid: "abc", Status: "completed" }),
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toMatchObject({
        code: "invalid_request",
        message: expect.stringContaining("Malformed multipart/form-data body"),
      });
    }
  });
});
