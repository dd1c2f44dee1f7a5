import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { updateChannelSettings } from "@/lib/businesses/update-channel-settings";
import { systemCtx } from "@/lib/context";
import { getConversation } from "@/lib/conversations/get-conversation";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import { userCtx } from "@/test/conversations";

// What Meta's Cloud API webhooks carry in 2026 and a business moving over would lose:
// username-only users (a business-scoped user id, no phone), a user's change of number, the
// media URL of a customer's file, and the dashboard's test sample to a phone_number_id the
// business does not own. Posted signed to the business's own webhook URL, as Meta does.

const ctx = systemCtx("test");
const USER_ID = `US.${Date.now()}${uniq().replace(/\D/g, "")}`;

let t: TestBusiness;
let pn: string;
let secret: string;
let admin: string;

const sign = (body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const at = () => String(Math.floor(Date.now() / 1000));
async function post(value: Record<string, unknown>, phoneNumberId = pn) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });
  return api(`/api/webhooks/whatsapp/${t.business.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": sign(body) },
    body,
  });
}
const inbound = () =>
  rawQuery<{ from: string; type: string; text: string | null; payload: any; provider_message_id: string }>(
    db(),
    `SELECT "from", type, text, payload, provider_message_id FROM inbound_messages WHERE business_id = $1 ORDER BY id`,
    [t.business.id],
  );
const conversations = () =>
  rawQuery<{ id: string; customer: string; customer_name: string | null }>(
    db(),
    `SELECT id, customer, customer_name FROM conversations WHERE business_id = $1 ORDER BY created_at`,
    [t.business.id],
  );

beforeAll(async () => {
  t = await createTestBusiness();
  pn = `pn${uniq()}`;
  secret = `app-secret-${uniq()}`;
  await updateChannelSettings(ctx, {
    businessId: t.business.id,
    channel: "chatapp",
    provider: "whatsapp-cloud",
    phoneNumberIds: pn,
    accessToken: "EAAG-token",
    appSecret: secret,
    verifyToken: "verify",
  });
  admin = (await createTestUser(t.business.id, { role: "BUSINESS_ADMIN" })).id;
});

describe("Meta's 2026 inbound webhooks", () => {
  it("stores a username-only user's message, keyed on their user id, with the rest of its webhook; a message without a sender is skipped, not the webhook", async () => {
    const res = await post({
      contacts: [{ profile: { name: "Ravi", username: "@ravi" }, user_id: USER_ID }],
      messages: [
        {
          from_user_id: USER_ID,
          id: `wamid.U${uniq()}`,
          timestamp: at(),
          type: "text",
          text: { body: "Hi, I'm Ravi" },
        },
        { id: `wamid.X${uniq()}`, timestamp: at(), type: "text", text: { body: "no sender" } },
        {
          from: "919811200011",
          id: `wamid.P${uniq()}`,
          timestamp: at(),
          type: "text",
          text: { body: "by phone" },
        },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await inbound();
    expect(rows.map((r) => [r.from, r.text])).toEqual([
      [USER_ID, "Hi, I'm Ravi"],
      ["919811200011", "by phone"],
    ]);
    const convs = await conversations();
    expect(convs.map((c) => c.customer).sort()).toEqual(["919811200011", USER_ID].sort());
    expect(convs.find((c) => c.customer === USER_ID)?.customer_name).toBe("Ravi");
  });

  it("takes a status naming only recipient_user_id", async () => {
    const res = await post({
      statuses: [
        { id: `wamid.S${uniq()}`, status: "delivered", timestamp: at(), recipient_user_id: USER_ID },
      ],
    });
    expect(res.status).toBe(200);
  });

  it("lets the business answer a username-only user: the reply and an A1 template go to the user id", async () => {
    const conv = (await conversations()).find((c) => c.customer === USER_ID)!;
    const sent = await replyToConversation(
      userCtx(t.business.id, admin, "BUSINESS_ADMIN"),
      t.business.id,
      conv.id,
      {
        type: "text",
        text: "Hello Ravi",
      },
    );
    const [row] = await rawQuery<{ recipient: string; sender: string }>(
      db(),
      `SELECT recipient, sender FROM messages WHERE id = $1`,
      [sent.messageId],
    );
    expect(row).toEqual({ recipient: USER_ID, sender: pn });
    // A1 with the user id as `to`: refused only for what it says (no such template), not the address.
    const a1 = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { "x-api-key": t.apiKey },
      json: {
        to: USER_ID,
        phoneNumberId: pn,
        message: { messageType: "template", name: "none", language: "en" },
      },
    });
    expect(a1.status).toBe(400);
    expect(a1.json.error.details.map((d: { path: string }) => d.path)).not.toContain("to");
  });

  it("follows the user to their phone when they share it: one conversation, its history kept, the change shown", async () => {
    const res = await post({
      contacts: [{ profile: { name: "Ravi" }, wa_id: "919811200022", user_id: USER_ID }],
      messages: [
        {
          from: "919811200022",
          from_user_id: USER_ID,
          id: `wamid.L${uniq()}`,
          timestamp: at(),
          type: "text",
          text: { body: "now with my number" },
        },
      ],
    });
    expect(res.status).toBe(200);
    const convs = await conversations();
    expect(convs.map((c) => c.customer)).not.toContain(USER_ID);
    const conv = convs.find((c) => c.customer === "919811200022")!;
    const detail = await getConversation(
      userCtx(t.business.id, admin, "BUSINESS_ADMIN"),
      t.business.id,
      conv.id,
    );
    const texts = detail.items.map((i) => `${i.kind}:${i.type}:${i.text}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        "inbound:text:Hi, I'm Ravi",
        "outbound:text:Hello Ravi",
        "inbound:text:now with my number",
        `event:customer_changed:${USER_ID} to +919811200022`,
      ]),
    );
  });

  it("stores a change of number as an event on the conversation, not a customer message, and follows the number", async () => {
    const wamid = `wamid.SYS${uniq()}`;
    const value = {
      messages: [
        {
          from: "919811200022",
          id: wamid,
          timestamp: at(),
          type: "system",
          system: {
            body: "User A changed from 919811200022 to 919811200033",
            wa_id: "919811200033",
            type: "user_changed_number",
          },
        },
      ],
    };
    expect((await post(value)).status).toBe(200);
    // Meta redelivers: nothing moves twice.
    expect((await post(value)).status).toBe(200);
    expect((await inbound()).map((r) => r.provider_message_id)).not.toContain(wamid);
    const convs = await conversations();
    expect(convs.map((c) => c.customer)).toContain("919811200033");
    expect(convs.map((c) => c.customer)).not.toContain("919811200022");
    const conv = convs.find((c) => c.customer === "919811200033")!;
    const events = await rawQuery<{ type: string; detail: any }>(
      db(),
      `SELECT type, detail FROM conversation_events WHERE conversation_id = $1 AND type = 'customer_changed' ORDER BY id`,
      [conv.id],
    );
    expect(events.map((e) => e.detail)).toEqual([
      { from: USER_ID, to: "919811200022", reason: "phone_shared" },
      { from: "919811200022", to: "919811200033", reason: "number_changed" },
    ]);
    const detail = await getConversation(
      userCtx(t.business.id, admin, "BUSINESS_ADMIN"),
      t.business.id,
      conv.id,
    );
    expect(detail.items.filter((i) => i.kind === "inbound").map((i) => i.text)).toEqual(
      expect.arrayContaining(["Hi, I'm Ravi", "now with my number"]),
    );
  });

  it("keeps the media URL Meta sends with a customer's image, document and video", async () => {
    const url = (k: string) => `https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=${k}`;
    const res = await post({
      messages: ["image", "document", "video"].map((type) => ({
        from: "919811200044",
        id: `wamid.M${type}${uniq()}`,
        timestamp: at(),
        type,
        [type]: { id: `media-${type}`, mime_type: "application/octet-stream", sha256: "x", url: url(type) },
      })),
    });
    expect(res.status).toBe(200);
    const media = (await inbound()).filter((r) => r.from === "919811200044").map((r) => r.payload.media);
    expect(media.map((m: { url: string }) => m.url)).toEqual([url("image"), url("document"), url("video")]);
    expect(media[0]).toMatchObject({ id: "media-image" });
  });

  it("answers 200 to a sample addressed to a phone_number_id the business does not own, and opens nothing", async () => {
    const before = (await conversations()).length;
    const res = await post(
      {
        contacts: [{ profile: { name: "Kerry Fisher" }, wa_id: "16315551181" }],
        messages: [
          {
            from: "16315551181",
            id: "ABGGFlA5Fpa",
            timestamp: "1504902988",
            type: "text",
            text: { body: "this is a text message" },
          },
        ],
      },
      "123456123",
    );
    expect(res.status).toBe(200);
    expect((await conversations()).length).toBe(before);
    expect((await inbound()).map((r) => r.from)).not.toContain("16315551181");
  });
});
