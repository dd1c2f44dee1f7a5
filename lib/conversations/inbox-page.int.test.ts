import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { setUserStatus } from "@/lib/users/set-user-status";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { addNote } from "./add-note";
import { countUnread } from "./count-unread";
import { customerPanel } from "./customer-panel";
import { getConversation } from "./get-conversation";
import { inboxOptions } from "./inbox-options";
import { conversationStream } from "./live/conversation-stream";
import { replyTemplates, replyWithTemplate } from "./template-reply";

// What the inbox page reads and does beyond the API's functions.

const phone = () => `9197${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const DAY = 24 * 3600 * 1000;

describe("the inbox page's reads and actions", () => {
  it("shows the customer's profile, opt-out and notes to who sees the conversation, 404 to others", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const customer = phone();
    await rawQuery(
      db(),
      `INSERT INTO profiles (id, business_id, phone, country_code, name, city) VALUES (gen_random_uuid(), $1, $2, 'IN', 'Asha', 'Pune')`,
      [t.business.id, customer],
    );
    await rawQuery(db(), `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'reply')`, [
      t.business.id,
      customer,
    ]);
    await customerWrites(t, customer);
    const conv = await conversationOf(t.business.id, customer);
    await addNote(userCtx(t.business.id, agent.id), t.business.id, conv.id, { text: "Call back at 5" });

    const panel = await customerPanel(userCtx(t.business.id, agent.id), t.business.id, conv.id);
    expect(panel.profile).toMatchObject({ name: "Asha", city: "Pune" });
    expect(panel.optOut?.source).toBe("reply");
    expect(panel.campaigns).toEqual([]);
    expect(panel.notes.map((n) => n.text)).toEqual(["Call back at 5"]);

    const stranger = await createTestUser(other.business.id);
    await expect(
      customerPanel(userCtx(other.business.id, stranger.id), other.business.id, conv.id),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      customerPanel(userCtx(other.business.id, stranger.id), t.business.id, conv.id),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("sends an approved template outside the window and says which values are wrong", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const customer = phone();
    await customerWrites(t, customer, "hello", { at: new Date(Date.now() - 2 * DAY) });
    const conv = await conversationOf(t.business.id, customer);
    const ctx = userCtx(t.business.id, agent.id);
    const tpl = await approvedTemplate(t.business.id);
    const fields = (await inboxOptions(ctx, t.business.id, agent.id)).agents.map((a) => a.id);
    expect(fields).toContain(agent.id);

    await expect(
      replyWithTemplate(ctx, t.business.id, conv.id, { templateId: "nope" }),
    ).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(
      replyWithTemplate(ctx, t.business.id, conv.id, {
        templateId: tpl.id,
        values: ["a", "b", "c", "d", "e"],
      }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "values" }] });
    // The default test template: "Hello {{1}}, your order {{2}} has shipped."
    const sent = await replyWithTemplate(ctx, t.business.id, conv.id, {
      templateId: tpl.id,
      values: ["Ravi", "A-2"],
    });
    expect(sent.messageId).toBeTruthy();
    // The timeline shows what the customer read, with the template's name beside it.
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const { items } = await getConversation(admin, t.business.id, conv.id);
    expect(items.find((i) => i.id === sent.messageId)).toMatchObject({
      kind: "outbound",
      text: "Hello Ravi, your order A-2 has shipped.",
      templateName: tpl.name,
    });
    // The picker starts from the values this customer last got, and from
    // the template's samples for a customer who never got it.
    const view = (await getConversation(admin, t.business.id, conv.id)).conversation;
    const prefill = async (c: { sender: string; subscriberId: string }) =>
      (await replyTemplates(admin, t.business.id, c)).find((x) => x.id === tpl.id)!.prefill;
    expect(await prefill(view)).toEqual(["Ravi", "A-2"]);
    const samples = (await replyTemplates(admin, t.business.id)).find((x) => x.id === tpl.id)!;
    expect(await prefill({ ...view, subscriberId: phone() })).toEqual(samples.fields.map((f) => f.example));
    expect(samples.prefill).toEqual(samples.fields.map((f) => f.example));
  });

  it("counts unread conversations of the user and waiting ones, not a colleague's", async () => {
    const t = await createTestBusiness();
    const a1 = await createTestUser(t.business.id);
    const a2 = await createTestUser(t.business.id);
    await customerWrites(t, phone());
    await customerWrites(t, phone());
    const counts = await Promise.all(
      [a1, a2].map((a) => countUnread(userCtx(t.business.id, a.id), t.business.id)),
    );
    expect(counts).toEqual([1, 1]);
    expect(await countUnread(userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN"), t.business.id)).toBe(0);
  });

  it("tells open inboxes of the business when a user's status changes", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const ac = new AbortController();
    try {
      const stream = await conversationStream(
        userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN"),
        t.business.id,
        ac.signal,
      );
      // No settling wait: the stream is subscribed before it is handed out.
      await setUserStatus(userCtx(t.business.id, agent.id), t.business.id, {
        userId: agent.id,
        userStatus: "Away",
      });
      const reader = stream.getReader();
      const dec = new TextDecoder();
      let text = "";
      const end = Date.now() + 3_000;
      while (!text.includes(agent.id) && Date.now() < end) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, end - Date.now()))),
        ]);
        if (!next || next.done) break;
        text += dec.decode(next.value);
      }
      expect(text).toMatch(new RegExp(`event: agent\\ndata: \\{"userId":"${agent.id}"\\}`));
    } finally {
      ac.abort();
    }
  });
});
