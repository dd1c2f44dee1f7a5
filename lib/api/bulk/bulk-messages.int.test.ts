import { afterEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { setSenderRate } from "@/lib/messages/dispatch/sender-rate";
import { rawQuery } from "@/lib/db/sql";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf, richComponents } from "@/test/messages";
import { resetEnv } from "@/lib/env";

/** The published B1 example: slots "1", "2", "3" filled by each subscriber's variables. */
const bulk = (name: string, phoneNumberId: string, subscribers: unknown[]) => ({
  message: {
    messageType: "template",
    name,
    language: "en_US",
    components: [
      {
        componentType: "header",
        parameters: [{ type: "media", mediaType: "image", mediaLink: "https://cdn.example.com/kid.png" }],
      },
      {
        componentType: "body",
        parameters: [
          { type: "text", text: "1" },
          { type: "text", text: "2" },
        ],
      },
      { componentType: "button", index: "0", sub_type: "url", parameters: [{ type: "text", text: "3" }] },
    ],
  },
  subscribers,
  phoneNumberId,
});

const post = (t: TestBusiness, json: unknown, headers: Record<string, string> = {}) =>
  api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, { json, headers });

describe("B1 bulk send, B2 and B3 status", () => {
  afterEach(() => {
    delete process.env.MESSAGES_BULK_MAX;
    resetEnv();
  });

  it("writes 2,100 subscribers in chunks; a bad one at the end is refused with its message, the rest are sent", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    // Other files drain the shared queues: should one pick these jobs up, they go at 1,000/s.
    await setSenderRate(systemCtx("test"), {
      businessId: t.business.id,
      sender: phoneOf(t),
      perSecond: 1000,
    });
    const subscribers = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        subscriberId: `9199${String(i).padStart(7, "0")}1`,
        variables: [`Kid${i}`, String(i), `?Kid_ID=${i}`],
      }));
    const count = async () =>
      (
        await rawQuery<{ n: number }>(
          db(),
          `SELECT count(*)::int AS n FROM messages WHERE business_id = $1`,
          [t.business.id],
        )
      )[0]!.n;

    const bad = [...subscribers(2_099), { subscriberId: "12", variables: ["a", "b", "c"] }];
    const partly = await post(t, bulk(tpl.name, phoneOf(t), bad));
    expect(partly.status).toBe(200);
    expect(partly.json.refused).toEqual([
      {
        index: 2099,
        subscriberId: "12",
        messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        errorCode: "invalid_recipient",
        reason: expect.stringMatching(/^subscribers\.2099\.subscriberId: '12' is not a valid phone number/),
      },
    ]);
    expect(await count()).toBe(2_100);
    const partial = await api(
      `/api/v2/message/${t.business.id}/status/${partly.json.transactionId}/partial?apikey=${t.apiKey}`,
    );
    expect(partial.json).toMatchObject({ attempted: 2_100, failed: 1 });
    await rawQuery(
      db(),
      `DELETE FROM pgboss.job WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
    await rawQuery(db(), `DELETE FROM messages WHERE business_id = $1`, [t.business.id]);

    const ok = await post(t, bulk(tpl.name, phoneOf(t), subscribers(2_100)));
    expect(ok.status).toBe(200);
    expect(await count()).toBe(2_100);
    const jobs = await rawQuery<{ n: number }>(
      db(),
      `SELECT coalesce(sum(jsonb_array_length(data->'ids')), 0)::int AS n FROM pgboss.job
       WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
    expect(jobs[0]!.n).toBe(2_100); // every message has its dispatch job
    // Not sent here: the later tests of this file drain the queues.
    await rawQuery(
      db(),
      `DELETE FROM pgboss.job WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
    await rawQuery(db(), `DELETE FROM messages WHERE business_id = $1`, [t.business.id]);
  });

  it("fills each subscriber's slots in order (header, body, URL button suffix)", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const res = await post(
      t,
      bulk(tpl.name, phoneOf(t), [
        { subscriberId: "919900000001", variables: ["Sunil", "1234", "?Kid_ID=123"] },
        { subscriberId: "919900000011", variables: ["Asha", "99", "?Kid_ID=7"] },
      ]),
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["transactionId"]);
    const rows = await rawQuery<{ recipient: string; content: { components: unknown[] } }>(
      db(),
      `SELECT recipient, content FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY id`,
      [t.business.id, res.json.transactionId],
    );
    expect(rows[0]!.recipient).toBe("919900000001");
    expect(rows[0]!.content.components).toEqual([
      { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.example.com/kid.png" } }] },
      {
        type: "body",
        parameters: [
          { type: "text", text: "Sunil" },
          { type: "text", text: "1234" },
        ],
      },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "?Kid_ID=123" }] },
    ]);
    expect(rows[1]!.content.components[1]).toEqual({
      type: "body",
      parameters: [
        { type: "text", text: "Asha" },
        { type: "text", text: "99" },
      ],
    });
  });

  it("B3 counts each message once under its current status; B2 has failures with their code", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const subs = [
      "919900000001",
      "919900000012",
      "919900000047",
      "919900000002",
      "919900000003",
      "919900000026",
    ].map((subscriberId) => ({ subscriberId, variables: ["A", "B", "?c=1"] }));
    const res = await post(t, bulk(tpl.name, phoneOf(t), subs));
    expect(res.status).toBe(200);
    const id = res.json.transactionId;
    const partial = () => api(`/api/v2/message/${t.business.id}/status/${id}/partial?apikey=${t.apiKey}`);
    expect((await partial()).json).toEqual({
      attempted: 6,
      failed: 0,
      error: 0,
      accepted: 0,
      sent: 0,
      delivered: 0,
      read: 0,
    });
    await drainAll();
    expect((await partial()).json).toEqual({
      attempted: 6,
      failed: 2,
      error: 0,
      accepted: 0,
      sent: 1,
      delivered: 1,
      read: 2,
    });
    const complete = await api(`/api/v2/message/${t.business.id}/status/${id}/complete?apikey=${t.apiKey}`);
    const failed = complete.json.find((r: { subscriber_id: string }) => r.subscriber_id === "919900000047");
    expect(failed).toMatchObject({
      msg_status: "failed",
      error_code: "131047",
      failed_reason: "Re-engagement message",
    });
    expect(failed.failed_at).toBeGreaterThan(0);
    expect(failed.read_at).toBe(0);
    const sentOnly = complete.json.find((r: { subscriber_id: string }) => r.subscriber_id === "919900000003");
    expect(sentOnly).toMatchObject({ msg_status: "sent", delivered_at: 0, read_at: 0, error_code: "" });
  });

  it("sends the valid subscribers and refuses the others with a message each, failed with its code in B2 and B3", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const rx = await startReceiver();
    try {
      await createEndpoint(systemCtx("test"), t.business.id, { url: rx.url, events: ["message.status"] });
      const res = await post(
        t,
        bulk(tpl.name, phoneOf(t), [
          { subscriberId: "919900000001", variables: ["A", "B", "C"] },
          // '+' and a spreadsheet's number cell are the same number.
          { subscriberId: "+919900000011", variables: ["A", "B", "C"] },
          { subscriberId: "919900000021.0", variables: ["A", "B", "C"] },
          // No country code; too few variables.
          { subscriberId: "9876543210", variables: ["A", "B", "C"] },
          { subscriberId: "919900000031", variables: ["A"] },
        ]),
      );
      expect(res.status).toBe(200);
      expect(
        res.json.refused.map((r: { index: number; errorCode: string }) => [r.index, r.errorCode]),
      ).toEqual([
        [3, "invalid_recipient"],
        [4, "invalid_variables"],
      ]);
      const records = async () =>
        (
          await api(
            `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/complete?apikey=${t.apiKey}`,
          )
        ).json as Array<{
          platform_msg_id: string;
          subscriber_id: string;
          msg_status: string;
          error_code: string;
          failed_reason: string;
        }>;
      const refusedIds = res.json.refused.map((r: { messageId: string }) => r.messageId);
      const before = await records();
      expect(before.map((r) => r.subscriber_id).sort()).toEqual(
        ["919900000001", "919900000011", "919900000021", "9876543210", "919900000031"].sort(),
      );
      for (const r of before.filter((x) => refusedIds.includes(x.platform_msg_id))) {
        expect(r.msg_status).toBe("failed");
        expect(["invalid_recipient", "invalid_variables"]).toContain(r.error_code);
        expect(r.failed_reason).toMatch(/^subscribers\.[34]\./);
      }
      await drainAll();
      const partial = await api(
        `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/partial?apikey=${t.apiKey}`,
      );
      expect(partial.json).toMatchObject({ attempted: 5, failed: 2, read: 3 });
      // Every message id of the answer ends with a status callback, the refused ones too.
      const failedCallbacks = rx.received
        .map((r) => JSON.parse(r.body) as { messageId: string; status: string; errorCode: number })
        .filter((b) => b.status === "failed");
      expect(failedCallbacks.map((b) => b.messageId).sort()).toEqual([...refusedIds].sort());
    } finally {
      await rx.close();
    }
  });

  it("refuses a request where no subscriber is valid, listing them, and writes nothing", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const res = await post(
      t,
      bulk(tpl.name, phoneOf(t), [
        { subscriberId: "12345", variables: ["A", "B", "C"] },
        { subscriberId: "919900000001", variables: ["A"] },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.details.map((d: { path: string }) => d.path)).toEqual([
      "subscribers.0.subscriberId",
      "subscribers.1.variables",
    ]);
    const [n] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM messages WHERE business_id = $1`,
      [t.business.id],
    );
    expect(n!.n).toBe(0);
    const empty = await post(t, bulk(tpl.name, phoneOf(t), []));
    expect(empty.status).toBe(400);
    expect(empty.json.error.details[0].path).toBe("subscribers");
  });

  it("enforces the per-request maximum", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    process.env.MESSAGES_BULK_MAX = "2";
    resetEnv();
    const subs = Array.from({ length: 3 }, () => ({
      subscriberId: "919900000001",
      variables: ["a", "b", "c"],
    }));
    const res = await post(t, bulk(tpl.name, phoneOf(t), subs));
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/At most 2 subscribers/);
  });

  it("replays an Idempotency-Key without inserting the bulk again", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const json = bulk(tpl.name, phoneOf(t), [
      { subscriberId: "919900000001", variables: ["a", "b", "c"] },
      { subscriberId: "919900000002", variables: ["d", "e", "f"] },
    ]);
    const rows = async () =>
      (
        await rawQuery<{ messages: number; transactions: number }>(
          db(),
          `SELECT count(*)::int AS messages, count(DISTINCT transaction_id)::int AS transactions
           FROM messages WHERE business_id = $1`,
          [t.business.id],
        )
      )[0]!;
    const a = await post(t, json, { "idempotency-key": "bulk-1" });
    expect(a.status).toBe(200);
    expect(await rows()).toEqual({ messages: 2, transactions: 1 });
    const b = await post(t, json, { "idempotency-key": "bulk-1" });
    expect(b.json).toEqual(a.json);
    expect(await rows()).toEqual({ messages: 2, transactions: 1 }); // the replay wrote nothing
    const c = await post(t, { ...json, phoneNumberId: phoneOf(t) + "x" }, { "idempotency-key": "bulk-1" });
    expect(c.status).toBe(422);
    expect(await rows()).toEqual({ messages: 2, transactions: 1 });
  });

  it("keeps transactions private: another business's key, or its transaction id under my path", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const tpl = await approvedTemplate(b.business.id, { components: richComponents });
    const res = await post(
      b,
      bulk(tpl.name, phoneOf(b), [{ subscriberId: "919900000001", variables: ["a", "b", "c"] }]),
    );
    const id = res.json.transactionId;
    for (const kind of ["complete", "partial"]) {
      const foreignKey = await api(
        `/api/v2/message/${b.business.id}/status/${id}/${kind}?apikey=${a.apiKey}`,
      );
      expect(foreignKey.status).toBe(401);
      const myPath = await api(`/api/v2/message/${a.business.id}/status/${id}/${kind}?apikey=${a.apiKey}`);
      expect(myPath.status).toBe(404);
      const junk = await api(`/api/v2/message/${a.business.id}/status/not-a-uuid/${kind}?apikey=${a.apiKey}`);
      expect(junk.status).toBe(404);
    }
    const bulkOnB = await post(
      { ...b, apiKey: a.apiKey },
      bulk(tpl.name, phoneOf(b), [{ subscriberId: "919900000001" }]),
    );
    expect(bulkOnB.status).toBe(401);
  });
});
