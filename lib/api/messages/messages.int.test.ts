import { describe, expect, it } from "vitest";
import { setChannel } from "@/lib/businesses/set-channel";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { claimIdempotencyKey } from "@/lib/idempotency/key-store";
import { api, sendRcsTemplate } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, drainAll, phoneOf, rcsCard, richComponents } from "@/test/messages";

const body = a1Body;

async function send(t: TestBusiness, json: unknown, headers: Record<string, string> = {}) {
  return api(`/api/v3/message/${t.business.id}/template`, {
    headers: { "x-api-key": t.apiKey, ...headers },
    json,
  });
}

async function messageCount(businessId: string): Promise<number> {
  const [r] = await rawQuery<{ n: number }>(
    db(),
    `SELECT count(*)::int AS n FROM messages WHERE business_id = $1`,
    [businessId],
  );
  return r!.n;
}

describe("A1 send chatapp template", () => {
  it("accepts, dispatches and walks to read; B2 shows every field", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const res = await send(t, body(tpl.name, phoneOf(t)));
    expect(res.status).toBe(200);
    expect(res.json.transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.messageId).toMatch(/^[0-9a-f-]{36}$/);
    await drainAll();
    const st = await api(
      `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/complete?apikey=${t.apiKey}`,
    );
    expect(st.status).toBe(200);
    expect(st.json).toHaveLength(1);
    const rec = st.json[0];
    expect(rec).toMatchObject({
      platform_msg_id: res.json.messageId,
      // The vendor's published page's name for it, the same value.
      msgkart_msg_id: res.json.messageId,
      subscriber_id: "919900000001",
      msg_type: "template",
      msg_status: "read",
      error_code: "",
      failed_reason: "",
      failed_at: 0,
      language: "en_US",
      template_name: tpl.name,
    });
    for (const k of ["time_stamp", "accepted_at", "sent_at", "delivered_at", "read_at"])
      expect(rec[k]).toBeGreaterThan(0);
    expect(Object.keys(rec).sort()).toEqual(
      [
        "platform_msg_id",
        "msgkart_msg_id",
        "subscriber_id",
        "msg_type",
        "msg_status",
        "error_code",
        "failed_reason",
        "failed_at",
        "time_stamp",
        "accepted_at",
        "sent_at",
        "delivered_at",
        "read_at",
        "language",
        "template_name",
      ].sort(),
    );
  });

  it("takes `to` with a leading '+' (as A2 and A4 do) and stores the number as digits", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const res = await send(t, body(tpl.name, phoneOf(t), "+919900000071"));
    expect(res.status).toBe(200);
    const [row] = await rawQuery<{ recipient: string }>(
      db(),
      `SELECT recipient FROM messages WHERE id = $1`,
      [res.json.messageId],
    );
    expect(row!.recipient).toBe("919900000071");
    // Still refused: no country code at all, letters, or a '+' inside.
    for (const to of ["+91 99 0000 0071x", "++919900000071", "abc"]) {
      const bad = await send(t, body(tpl.name, phoneOf(t), to));
      expect([to, bad.status, bad.json.error.details[0].path]).toEqual([to, 400, "to"]);
    }
  });

  it("takes media, body and URL-button parameters on the legacy v1 path with the apikey query", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const res = await api(`/api/v1/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: {
        message: {
          messageType: "template",
          name: tpl.name,
          language: "en_US",
          components: [
            {
              componentType: "header",
              parameters: [{ type: "media", mediaType: "image", mediaId: "1234567890" }],
            },
            {
              componentType: "body",
              parameters: [
                { type: "text", text: "Sunil" },
                { type: "text", text: "1234" },
              ],
            },
            { componentType: "button", parameters: [{ type: "text", text: "?Kid_ID=123" }] },
          ],
        },
        to: "919900000005",
        phoneNumberId: phoneOf(t),
      },
    });
    expect(res.status).toBe(200);
    const [m] = await rawQuery<{ content: { components: unknown[] } }>(
      db(),
      `SELECT content FROM messages WHERE business_id = $1 AND id = $2`,
      [t.business.id, res.json.messageId],
    );
    expect(m!.content.components).toEqual([
      { type: "header", parameters: [{ type: "image", image: { id: "1234567890" } }] },
      {
        type: "body",
        parameters: [
          { type: "text", text: "Sunil" },
          { type: "text", text: "1234" },
        ],
      },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "?Kid_ID=123" }] },
    ]);
  });

  it("answers clear 400s for bad input and sends nothing", async () => {
    const t = await createTestBusiness();
    const phone = phoneOf(t);
    const tpl = await approvedTemplate(t.business.id);
    const rich = await approvedTemplate(t.business.id, { components: richComponents });
    const pending = await approvedTemplate(t.business.id, { status: "PENDING" });
    const cases: Array<[unknown, string]> = [
      [body("no_such_template", phone), "message.name"],
      [body(pending.name, phone), "message.name"],
      [
        { ...body(tpl.name, phone), message: { ...body(tpl.name, phone).message, language: "pt_BR" } },
        "message.language",
      ],
      [body(tpl.name, phone, "919900000001", ["only one"]), "message.components"],
      [body(tpl.name, phone, "+91 99000 0000"), "to"],
      [body(tpl.name, phone, "91990"), "to"],
      [body(tpl.name, phone, "999999999999"), "to"],
      [body(tpl.name, "not-ours"), "phoneNumberId"],
      [
        {
          ...body(tpl.name, phone),
          message: { ...body(tpl.name, phone).message, messageType: "rcs_message" },
        },
        "message.messageType",
      ],
      [
        {
          ...body(rich.name, phone),
          message: {
            messageType: "template",
            name: rich.name,
            language: "en_US",
            components: [
              {
                componentType: "header",
                parameters: [{ type: "media", mediaType: "image", mediaLink: "ftp://x" }],
              },
            ],
          },
        },
        "message.components.0.parameters.0.mediaLink",
      ],
      [
        {
          ...body(rich.name, phone),
          message: {
            messageType: "template",
            name: rich.name,
            language: "en_US",
            components: [
              {
                componentType: "body",
                parameters: [
                  { type: "text", text: "a" },
                  { type: "text", text: "b" },
                ],
              },
            ],
          },
        },
        "message.components",
      ],
    ];
    for (const [json, path] of cases) {
      const res = await send(t, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await messageCount(t.business.id)).toBe(0);
  });

  it("refuses a business whose chatapp channel is disabled", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    await setChannel(systemCtx("test"), { businessId: t.business.id, channel: "chatapp", enabled: false });
    const res = await send(t, body(tpl.name, phoneOf(t)));
    expect(res.status).toBe(400);
    expect(res.json.error.details[0].path).toBe("channel");
  });

  it("keeps tenants apart: another business's key is a 401, and so is no key", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const tpl = await approvedTemplate(b.business.id);
    const res = await api(`/api/v3/message/${b.business.id}/template`, {
      headers: { "x-api-key": a.apiKey },
      json: body(tpl.name, phoneOf(b)),
    });
    expect(res.status).toBe(401);
    const none = await api(`/api/v3/message/${b.business.id}/template`, { json: body(tpl.name, phoneOf(b)) });
    expect(none.status).toBe(401);
    // A's own path with B's sender: B's phoneNumberId is not A's.
    const tplA = await approvedTemplate(a.business.id);
    const cross = await send(a, body(tplA.name, phoneOf(b)));
    expect(cross.status).toBe(400);
    expect(await messageCount(b.business.id)).toBe(0);
  });
});

describe("Idempotency-Key on sends", () => {
  it("replays the first answer for the same key and body, without sending again", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const first = await send(t, body(tpl.name, phoneOf(t)), { "idempotency-key": "k-1" });
    expect(first.status).toBe(200);
    const again = await send(t, body(tpl.name, phoneOf(t)), { "idempotency-key": "k-1" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await messageCount(t.business.id)).toBe(1);
    // Keys belong to the business: another business may use the same key.
    const other = await createTestBusiness();
    const tplO = await approvedTemplate(other.business.id);
    const o = await send(other, body(tplO.name, phoneOf(other)), { "idempotency-key": "k-1" });
    expect(o.status).toBe(200);
    expect(o.json.messageId).not.toBe(first.json.messageId);
  });

  it("is a 422 for the same key with another body, a 409 while the first still runs", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    await send(t, body(tpl.name, phoneOf(t)), { "idempotency-key": "k-2" });
    const other = await send(t, body(tpl.name, phoneOf(t), "919900000009"), { "idempotency-key": "k-2" });
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe("unprocessable");

    // A request that holds its key (still running) makes a concurrent retry a 409.
    const json = body(tpl.name, phoneOf(t));
    const first = send(t, json, { "idempotency-key": "k-3" });
    await first;
    await claimIdempotencyKey(systemCtx("test"), { businessId: t.business.id, key: "k-4", hash: "x" });
    const running = await send(t, json, { "idempotency-key": "k-4" });
    expect(running.status).toBe(422);
    const [row] = await rawQuery<{ request_hash: string }>(
      db(),
      `SELECT request_hash FROM idempotency_keys WHERE business_id = $1 AND key = 'k-3'`,
      [t.business.id],
    );
    await claimIdempotencyKey(systemCtx("test"), {
      businessId: t.business.id,
      key: "k-5",
      hash: row!.request_hash,
    });
    const busy = await send(t, json, { "idempotency-key": "k-5" });
    expect(busy.status).toBe(409);
    expect(busy.json.error.code).toBe("conflict");
  });

  it("keeps a 400 as the key's answer and rejects malformed keys", async () => {
    const t = await createTestBusiness();
    const bad = body("no_such_template", phoneOf(t));
    const a = await send(t, bad, { "idempotency-key": "k-6" });
    const b = await send(t, bad, { "idempotency-key": "k-6" });
    expect(a.status).toBe(400);
    expect(b.status).toBe(400);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    const tpl = await approvedTemplate(t.business.id);
    const badKey = await send(t, body(tpl.name, phoneOf(t)), { "idempotency-key": "x".repeat(300) });
    expect(badKey.status).toBe(400);
  });
});

describe("A2, A3, A4 RCS", () => {
  it("A2 sends a template by name and fills the card; A4 sends text; both reach read", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const res = await sendRcsTemplate(t, tpl.name, [
      {
        componentType: "body",
        parameters: [
          { type: "text", text: "Asha" },
          { type: "text", text: "42" },
        ],
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.messageId).toBeTruthy();
    const text = await api(`/api/v3/message/${t.business.id}/rcs/text`, {
      headers: { "x-api-key": t.apiKey },
      json: { phone: "+919900000001", text: "Your table is ready" },
    });
    expect(text.status).toBe(200);
    await drainAll();
    const rows = await rawQuery<{
      status: string;
      msg_type: string;
      content: { richCard?: { standaloneCard: { cardContent: { title: string } } } };
    }>(db(), `SELECT status, msg_type, content FROM messages WHERE business_id = $1 ORDER BY id`, [
      t.business.id,
    ]);
    expect(rows.map((r) => [r.msg_type, r.status])).toEqual([
      ["template", "read"],
      ["text", "read"],
    ]);
    expect(rows[0]!.content.richCard!.standaloneCard.cardContent.title).toBe("Hello Asha");
  });

  it("A2 also takes the A5 message forms; a non-RCS number fails with the provider's error", async () => {
    const t = await createTestBusiness();
    const res = await api(`/api/v3/message/${t.business.id}/template/rcs`, {
      headers: { "x-api-key": t.apiKey },
      json: {
        message: { messageType: "rcs_message", rcsMessageType: "TEXT", text: "hi" },
        to: "+919900000404",
      },
    });
    expect(res.status).toBe(200);
    await drainAll();
    const st = await api(
      `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/complete?apikey=${t.apiKey}`,
    );
    expect(st.json[0]).toMatchObject({ msg_status: "failed", error_code: "404", msg_type: "text" });
    expect(st.json[0].failed_at).toBeGreaterThan(0);
    expect(st.json[0].failed_reason).toMatch(/RCS/);
  });

  it("A3 answers capability by number; bad numbers are 400s, other tenants 401", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const q = (phone: string, key = t.apiKey, b = t.business.id) =>
      api(`/api/v3/capability/${b}/rcs?subscriberId=${encodeURIComponent(phone)}`, {
        headers: { "x-api-key": key },
      });
    expect((await q("+919900000001")).json).toEqual({ capable: true });
    expect((await q("919900000404")).json).toEqual({ capable: false });
    expect((await q("12")).status).toBe(400);
    expect(
      (await api(`/api/v3/capability/${t.business.id}/rcs`, { headers: { "x-api-key": t.apiKey } })).status,
    ).toBe(400);
    expect((await q("+919900000001", t.apiKey, other.business.id)).status).toBe(401);
  });

  it("A4 validates its body", async () => {
    const t = await createTestBusiness();
    const res = await api(`/api/v3/message/${t.business.id}/rcs/text`, {
      headers: { "x-api-key": t.apiKey },
      json: { phone: "+919900000001" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details[0].path).toBe("text");
  });
});
