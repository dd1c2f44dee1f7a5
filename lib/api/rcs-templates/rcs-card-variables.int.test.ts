import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api, sendRcsTemplate } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import "@/test/messages";
import { runTemplateReviews } from "@/test/templates";

type CardContent = {
  title?: string;
  description?: string;
  suggestions?: { action: { text: string; postbackData?: string; openUrlAction: { url: string } } }[];
};

const card = (content: CardContent) => ({
  messageTemplate: { name: `card_${uniq()}`, language: "en" },
  rcsOutgoingMessage: {
    richCard: { standaloneCard: { cardOrientation: "VERTICAL", cardContent: content } },
  },
});

/** D5 then the (simulated) review: an APPROVED RCS template. */
async function approvedCard(t: TestBusiness, content: CardContent) {
  const body = card(content);
  const res = await api(`/api/v2/resource/${t.business.id}/rcs/template`, {
    headers: { "x-api-key": t.apiKey },
    json: body,
  });
  expect(res.status, res.text).toBe(200);
  await runTemplateReviews();
  return { id: res.json.id as string, name: body.messageTemplate.name };
}

/** A2 by name with `values` as body text parameters; answers the sent card's content. */
async function sendA2(t: TestBusiness, name: string, values: string[]) {
  const res = await sendRcsTemplate(t, name, [
    { componentType: "body", parameters: values.map((text) => ({ type: "text", text })) },
  ]);
  expect(res.status, res.text).toBe(200);
  const [m] = await rawQuery<{ content: { richCard: { standaloneCard: { cardContent: CardContent } } } }>(
    db(),
    `SELECT content FROM messages WHERE business_id = $1 AND id = $2`,
    [t.business.id, res.json.messageId],
  );
  return m!.content.richCard.standaloneCard.cardContent;
}

describe("RCS card variables are numbered once across the card", () => {
  it("accepts {{1}} in the title and {{2}} in the description; values [a, b] fill them in order", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedCard(t, { title: "Hi {{1}}", description: "Your order {{2}} is ready" });
    const sent = await sendA2(t, tpl.name, ["a", "b"]);
    expect(sent.title).toBe("Hi a");
    expect(sent.description).toBe("Your order b is ready");

    // The A5 form (templateId with BODY variables) numbers them the same way.
    const a5 = await api(`/api/v1/message/${t.business.id}/template/rcs?channel=rcs`, {
      headers: { "x-api-key": t.apiKey },
      json: {
        message: {
          messageType: "rcs_message",
          rcsMessageType: "RICHCARD_STANDALONE",
          templateId: tpl.id,
          components: [
            {
              type: "BODY",
              variables: [
                { type: "text", value: "Asha" },
                { type: "text", value: "A-7" },
              ],
            },
          ],
        },
        to: "+919900000001",
      },
    });
    expect(a5.status, a5.text).toBe(200);
  });

  it("the same {{1}} in two fields is one value; suggestions take the next numbers", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedCard(t, {
      title: "Hi {{1}}",
      description: "{{1}}, your order {{2}} is ready",
      suggestions: [
        {
          action: {
            text: "Track {{2}}",
            postbackData: "track-{{2}}",
            openUrlAction: { url: "https://shop.example.com/track/{{3}}" },
          },
        },
      ],
    });
    const sent = await sendA2(t, tpl.name, ["Asha", "A-7", "xyz"]);
    expect(sent.title).toBe("Hi Asha");
    expect(sent.description).toBe("Asha, your order A-7 is ready");
    expect(sent.suggestions![0]!.action).toMatchObject({
      text: "Track A-7",
      postbackData: "track-A-7",
      openUrlAction: { url: "https://shop.example.com/track/xyz" },
    });

    // Three numbers, three values: two are refused with the count.
    const res = await sendRcsTemplate(t, tpl.name, [
      { componentType: "body", parameters: [{ type: "text", text: "Asha" }] },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(`Template '${tpl.name}' has 3 variable(s); 1 value(s) given`);
  });

  it("refuses a number used before the ones below it, naming the field", async () => {
    const t = await createTestBusiness();
    const res = await api(`/api/v2/resource/${t.business.id}/rcs/template`, {
      headers: { "x-api-key": t.apiKey },
      json: card({ title: "Hi {{2}}", description: "Your order {{1}} is ready" }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual([
      {
        path: "rcsOutgoingMessage.richCard.standaloneCard.cardContent.title",
        message:
          "Variables are numbered once across the card (title, description, then suggestions): {{2}} here comes before {{1}} is used; number them {{1}} to {{n}} in order of first use",
      },
    ]);
  });
});
