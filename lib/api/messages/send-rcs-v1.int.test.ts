import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, rcsCard } from "@/test/messages";

const a5 = (t: TestBusiness, message: unknown, to = "+919900000001", key = t.apiKey) =>
  api(`/api/v1/message/${t.business.id}/template/rcs?channel=rcs`, {
    headers: { "x-api-key": key },
    json: { message, to },
  });

const content = async (t: TestBusiness, id: string) => {
  const [r] = await rawQuery<{ content: Record<string, unknown>; msg_type: string; status: string }>(
    db(),
    `SELECT content, msg_type, status FROM messages WHERE business_id = $1 AND id = $2`,
    [t.business.id, id],
  );
  return r!;
};

const card = {
  standaloneCard: {
    cardOrientation: "VERTICAL",
    thumbnailImageAlignment: "RIGHT",
    cardContent: {
      title: "Summer sale",
      description: "Half price today",
      media: {
        height: "MEDIUM",
        fileName: "sale.png",
        contentInfo: { fileUrl: "https://cdn.example.com/s.png", forceRefresh: "false" },
      },
      suggestions: [
        {
          action: { text: "Shop", postbackData: "shop", openUrlAction: { url: "https://shop.example.com" } },
        },
      ],
    },
  },
};

describe("A5 RCS v1 forms", () => {
  it("sends all four forms and answers transactionId and messageId for each", async () => {
    const t = await createTestBusiness();
    const withVars = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const plain = await approvedTemplate(t.business.id, {
      channel: "rcs",
      rcsCard: {
        richCard: {
          standaloneCard: {
            cardOrientation: "VERTICAL",
            cardContent: { title: "Welcome", description: "Thanks for joining" },
          },
        },
      },
    });
    const forms = [
      {
        messageType: "rcs_message",
        rcsMessageType: "RICHCARD_STANDALONE",
        templateId: withVars.id,
        components: [
          {
            type: "BODY",
            variables: [
              { type: "text", value: "Asha" },
              { type: "text", value: "77" },
            ],
          },
          { type: "HEADER", media: { mediaUrl: "https://cdn.example.com/b.png" } },
        ],
      },
      { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", templateId: plain.id },
      { messageType: "rcs_message", rcsMessageType: "TEXT", text: "Hello there" },
      { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", richCard: card },
    ];
    const ids: string[] = [];
    for (const f of forms) {
      const res = await a5(t, f);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.transactionId).toBeTruthy();
      expect(res.json.messageId).toBeTruthy();
      ids.push(res.json.messageId);
    }
    const first = await content(t, ids[0]!);
    const filled = (first.content.richCard as typeof card).standaloneCard.cardContent;
    expect(filled.title).toBe("Hello Asha");
    expect(filled.description).toBe("Your code is 77.");
    expect(filled.media.contentInfo.fileUrl).toBe("https://cdn.example.com/b.png");
    expect((await content(t, ids[2]!)).content).toEqual({ kind: "rcs_text", text: "Hello there" });
    expect((await content(t, ids[3]!)).msg_type).toBe("richcard");
    await drainAll();
    for (const id of ids) expect((await content(t, id)).status).toBe("read");
  });

  it("answers 400s for bad forms, numbers and template mismatches", async () => {
    const t = await createTestBusiness();
    const withVars = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const chat = await approvedTemplate(t.business.id);
    const cases: Array<[unknown, string, string?]> = [
      [{ messageType: "rcs_message", rcsMessageType: "TEXT", text: "hi" }, "to", "919900000001"],
      [
        { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", text: "hi" },
        "message.rcsMessageType",
      ],
      [{ messageType: "rcs_message", rcsMessageType: "TEXT" }, "message"],
      [
        { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", templateId: withVars.id },
        "message.components",
      ],
      [
        { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", templateId: chat.id },
        "templateId",
      ],
      [
        { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", templateId: "nope" },
        "templateId",
      ],
      [{ messageType: "template", name: "x", language: "en", components: [] }, "message.messageType"],
    ];
    for (const [message, path, to] of cases) {
      const res = await a5(t, message, to);
      expect(res.status, JSON.stringify(message)).toBe(400);
      expect(
        res.json.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(res.json),
      ).toContain(path);
    }
    const noChannel = await api(`/api/v1/message/${t.business.id}/template/rcs`, {
      headers: { "x-api-key": t.apiKey },
      json: {
        message: { messageType: "rcs_message", rcsMessageType: "TEXT", text: "hi" },
        to: "+919900000001",
      },
    });
    expect(noChannel.status).toBe(400);
  });
});
