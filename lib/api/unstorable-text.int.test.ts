import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, phoneOf } from "@/test/messages";
import { rcsTemplate, textTemplate } from "@/test/templates";

// PostgreSQL refuses U+0000 in text and jsonb: each of these reached a query and answered 500.
// Now one check answers 400 naming the field, whatever the route and content type.
const NUL = "\u0000";

type Case = {
  name: string;
  method?: string;
  path: () => string;
  body: () => unknown;
  field: string;
  form?: boolean;
};

describe("text PostgreSQL cannot store (NUL, lone surrogates)", () => {
  let t: TestBusiness;
  let tpl: string;
  let endpointId: string;
  let teamId: string;
  let agentId: string;
  const g = () => `apikey=${t.apiKey}&email=${encodeURIComponent(t.admin.email)}`;

  beforeAll(async () => {
    t = await createTestBusiness();
    tpl = (await approvedTemplate(t.business.id)).name;
    const ep = await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
      headers: { "x-api-key": t.apiKey },
      json: { url: "http://127.0.0.1:9/hook" },
    });
    endpointId = ep.json.id;
    agentId = (await createTestUser(t.business.id, { role: "AGENT" })).id;
    const team = await api(`/api/v3/provisioning/user-team/team?${g()}`, {
      json: { teamName: `T ${uniq()}` },
    });
    teamId = team.json.teamId;
  });

  const a1 = (text: string) => a1Body(tpl, phoneOf(t), "919900000001", [text, "A-1"]);
  const rcsText = { messageType: "rcs_message", rcsMessageType: "TEXT", text: `h${NUL}i` };
  const cases: Case[] = [
    {
      name: "A1 v3",
      path: () => `/api/v3/message/${t.business.id}/template`,
      body: () => a1(`As${NUL}ha`),
      field: "message.components.0.parameters.0.text",
    },
    {
      name: "A1 v1",
      path: () => `/api/v1/message/${t.business.id}/template`,
      body: () => a1(`As${NUL}ha`),
      field: "message.components.0.parameters.0.text",
    },
    {
      name: "A2",
      path: () => `/api/v3/message/${t.business.id}/template/rcs`,
      body: () => ({ message: rcsText, to: "+919900000001" }),
      field: "message.text",
    },
    {
      name: "A4",
      path: () => `/api/v3/message/${t.business.id}/rcs/text`,
      body: () => ({ phone: "+919900000001", text: `Your table${NUL}` }),
      field: "text",
    },
    {
      name: "A5",
      path: () => `/api/v1/message/${t.business.id}/template/rcs?channel=rcs`,
      body: () => ({ message: rcsText, to: "+919900000001" }),
      field: "message.text",
    },
    {
      name: "B1",
      path: () => `/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`,
      body: () => ({
        message: a1("x").message,
        phoneNumberId: phoneOf(t),
        subscribers: [{ subscriberId: "919900000001", variables: [`A${NUL}`, "B"] }],
      }),
      field: "subscribers.0.variables.0",
    },
    {
      name: "callbacks create",
      path: () => `/api/v3/callbacks/${t.business.id}/endpoints`,
      body: () => ({ url: "http://127.0.0.1:9/x", description: `ops${NUL}` }),
      field: "description",
    },
    {
      name: "callbacks PATCH",
      method: "PATCH",
      path: () => `/api/v3/callbacks/${t.business.id}/endpoints/${endpointId}`,
      body: () => ({ description: `ops${NUL}` }),
      field: "description",
    },
    {
      name: "D1",
      path: () => `/api/v1/template/${t.business.id}`,
      body: () => textTemplate(`t_${uniq()}${NUL}`),
      field: "name",
    },
    {
      name: "D2 (JSON body)",
      path: () => `/api/v1/template/media/${t.business.id}`,
      body: () => ({ ...textTemplate(`t_${uniq()}`), components: [{ type: "BODY", text: `Hi${NUL}` }] }),
      field: "components.0.text",
    },
    {
      name: "D5",
      path: () => `/api/v2/resource/${t.business.id}/rcs/template`,
      body: () => {
        const r = rcsTemplate(`r_${uniq()}`);
        r.rcsOutgoingMessage.richCard.standaloneCard.cardContent.title = `Sale${NUL}`;
        return r;
      },
      field: "rcsOutgoingMessage.richCard.standaloneCard.cardContent.title",
    },
    {
      name: "F1",
      path: () => `/api/v3/profile/upload`,
      body: () => ({ profile: [{ phone: "9810000001", countrycode: "IN", name: `As${NUL}ha` }] }),
      field: "profile.0.name",
    },
    {
      name: "G1",
      path: () => `/api/v1/business/user?${g()}`,
      body: () => ({
        phoneNumber: "+919812345678",
        firstName: `Ra${NUL}vi`,
        role: "AGENT",
        emailId: `n-${uniq()}@example.test`,
      }),
      field: "firstName",
    },
    {
      name: "G1 (form-urlencoded)",
      path: () => `/api/v1/business/user?${g()}`,
      body: () =>
        new URLSearchParams({
          phoneNumber: "+919812345679",
          firstName: `Ra${NUL}vi`,
          role: "AGENT",
          emailId: `n-${uniq()}@example.test`,
        }).toString(),
      form: true,
      field: "firstName",
    },
    {
      name: "G6",
      path: () => `/api/v3/provisioning/user-team/team?${g()}`,
      body: () => ({ teamName: `Sales${NUL}` }),
      field: "teamName",
    },
    {
      name: "G7",
      path: () => `/api/v3/provisioning/user-team/team/${teamId}?${g()}`,
      body: () => ({ userId: agentId, description: `night${NUL}` }),
      field: "description",
    },
  ];

  for (const c of cases) {
    it(`${c.name}: 400 naming ${c.field}`, async () => {
      const res = await api(c.path(), {
        method: c.method ?? "POST",
        headers: {
          "x-api-key": t.apiKey,
          ...(c.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        ...(c.form ? { body: c.body() as string } : { json: c.body() }),
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toMatchObject({
        code: "invalid_request",
        details: [{ path: c.field, message: expect.stringContaining("U+0000") }],
      });
      expect(res.json.error.message).toBe(
        `Invalid request: ${c.field}: Text contains the NUL character (U+0000), which cannot be stored; remove it`,
      );
    });
  }

  it("names a lone surrogate, and lets a surrogate pair (emoji) through", async () => {
    const path = `/api/v3/message/${t.business.id}/rcs/text`;
    const headers = { "x-api-key": t.apiKey, "content-type": "application/json" };
    const lone = await api(path, { headers, body: '{"phone":"+919900000001","text":"a\\ud83d b"}' });
    expect(lone.status).toBe(400);
    expect(lone.json.error.details).toEqual([
      { path: "text", message: expect.stringContaining("unpaired UTF-16 surrogate (U+D83D)") },
    ]);
    const pair = await api(path, { headers, body: '{"phone":"+919900000001","text":"a\\ud83d\\ude00 b"}' });
    expect(pair.status, pair.text).toBe(200);
  });

  it("refuses JSON that is not UTF-8 (it was stored as U+FFFD), and takes multi-byte UTF-8", async () => {
    const path = `/api/v3/message/${t.business.id}/rcs/text`;
    const body = (text: Buffer) =>
      new Uint8Array(
        Buffer.concat([Buffer.from('{"phone":"+919900000001","text":"a'), text, Buffer.from('"}')]),
      );
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xe2, 0x82]]) {
      const bytes = body(Buffer.from(bad));
      const res = await api(path, {
        headers: {
          "x-api-key": t.apiKey,
          "content-type": "application/json",
          "content-length": String(bytes.byteLength),
        },
        body: bytes,
      });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.json.error).toMatchObject({
        code: "invalid_request",
        message: "Request body is not valid UTF-8: send the text encoded as UTF-8",
      });
    }
    const good = body(Buffer.from("é ✓ 😀"));
    const ok = await api(path, {
      headers: {
        "x-api-key": t.apiKey,
        "content-type": "application/json; charset=utf-8",
        "content-length": String(good.byteLength),
      },
      body: good,
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it("names a field name holding NUL, escaped so the path is readable", async () => {
    const body = a1("Asha");
    const res = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { "x-api-key": t.apiKey },
      json: { ...body, message: { ...body.message, [`x${NUL}y`]: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details[0]).toEqual({
      path: "message.x\\u0000y",
      message: expect.stringMatching(/^The field name contains the NUL character/),
    });
  });

  it("names a query parameter and the path", async () => {
    const q = await api(`/api/v1/business/user?apikey=${t.apiKey}&email=a%00b`, {
      json: { firstName: "x" },
    });
    expect(q.status).toBe(400);
    expect(q.json.error.details[0].path).toBe("query.email");
    const p = await api(`/api/webhooks/exotel/calls/abc%00def?token=x`, { json: {} });
    expect(p.status).toBe(400);
    expect(p.json.error.details[0].path).toBe("path");
  });

  it("D2 multipart: names the field inside the template part's JSON", async () => {
    const form = new FormData();
    const template = { ...textTemplate(`t_${uniq()}`), components: [{ type: "BODY", text: `Hi${NUL}` }] };
    form.set("template", JSON.stringify(template));
    const { headers, body } = await encode(form);
    const res = await api(`/api/v1/template/media/${t.business.id}`, {
      headers: { "x-api-key": t.apiKey, ...headers },
      body,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.details[0].path).toBe("components.0.text");
  });

  it("a multipart part (value or name) with a raw NUL", async () => {
    const form = new FormData();
    form.set("teamName", `Sales${NUL}`);
    const res = await api(`/api/v3/provisioning/user-team/team?${g()}`, await encode(form));
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.details[0].path).toBe("teamName");
  });
});

/** A form as a client sends it: encoded once, with its Content-Length and boundary. */
async function encode(form: FormData) {
  const req = new Request("http://x", { method: "POST", body: form });
  const body = new Uint8Array(await req.arrayBuffer());
  const headers = {
    "content-length": String(body.byteLength),
    "content-type": req.headers.get("content-type")!,
  };
  return { headers, body };
}

describe("the database backstop", () => {
  it("maps PostgreSQL's refusal of U+0000 (text and jsonb) to a 400, for a path the checks missed", async () => {
    const { db } = await import("@/lib/db/pool");
    const { sql } = await import("drizzle-orm");
    const { fromDatabaseError } = await import("@/lib/errors");
    for (const query of [sql`SELECT ${`a${NUL}b`}::text`, sql`SELECT ${'{"a":"\\u0000"}'}::jsonb`]) {
      const err = await db()
        .execute(query)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeDefined();
      expect(fromDatabaseError(err)).toMatchObject({ code: "invalid_request", status: 400 });
    }
  });
});
