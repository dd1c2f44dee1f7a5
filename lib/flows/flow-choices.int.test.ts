import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { recordInboundMessages } from "@/lib/inbound/record-inbound-messages";
import { systemCtx } from "@/lib/context";
import { simulateButtonTap } from "@/lib/messages/simulator/simulate-button-tap";
import { chatappSender, conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { customerText } from "@/test/customer-text";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import type { FlowDefinitionInput } from "./definition";
import { getConversation } from "@/lib/conversations/get-conversation";
import { createFlow, publishFlow } from "./flow-store";

// A flow's question offered as reply buttons or a list: sent as Meta's interactive message
// (RCS: suggested replies), tapped on the virtual phone as a customer taps it on theirs, and
// each choice leads where the author drew it. A button payload can also start a flow.

const phone = () => `9197${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const admin = (t: TestBusiness) => userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");

async function published(t: TestBusiness, definition: FlowDefinitionInput) {
  const flow = await createFlow(admin(t), t.business.id, { name: `flow ${uniq()}`, definition });
  return publishFlow(admin(t), t.business.id, flow.id);
}
const sent = (t: TestBusiness, customer: string) =>
  rawQuery<{ id: string; msg_type: string; content: Record<string, unknown> }>(
    db(),
    `SELECT id, msg_type, content FROM messages WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
    [t.business.id, customer],
  );
const texts = async (t: TestBusiness, customer: string) =>
  (await sent(t, customer)).map((m) => m.content.text);

const menu: FlowDefinitionInput = {
  triggers: [{ type: "keyword", words: ["order"] }],
  start: "menu",
  steps: [
    {
      id: "menu",
      type: "ask",
      question: "How can we help?",
      expect: "choice",
      show: "buttons",
      choices: [
        { title: "Track", next: "track" },
        { title: "Talk to us", next: "human" },
      ],
      saveAs: "choice",
      next: null,
    },
    { id: "track", type: "end", text: "Tracking it for you." },
    { id: "human", type: "handover", text: "A colleague will answer." },
  ],
};

describe("flow choices", () => {
  it("sends the question as reply buttons, and a tap on the virtual phone takes that choice's way", async () => {
    const t = await createTestBusiness();
    const { name: flowName } = await published(t, menu);
    const c = phone();
    await customerWrites(t, c, "order");
    const [question] = await sent(t, c);
    expect(question).toMatchObject({
      msg_type: "interactive",
      content: {
        kind: "interactive",
        style: "buttons",
        text: "How can we help?",
        options: [
          { id: "menu:0", title: "Track" },
          { id: "menu:1", title: "Talk to us" },
        ],
      },
    });
    await drainAll(); // the simulator delivers it: a phone can tap only what it received
    const tap = await simulateButtonTap(systemCtx("test"), {
      businessId: t.business.id,
      messageId: question!.id,
      button: 1,
    });
    expect(tap).toMatchObject({ kind: "reply", text: "Talk to us" });
    expect((await texts(t, c)).at(-1)).toBe("A colleague will answer.");
    const [run] = await rawQuery<{ state: string; variables: object }>(
      db(),
      `SELECT state, variables FROM flow_runs WHERE conversation_id = $1`,
      [(await conversationOf(t.business.id, c)).id],
    );
    expect(run).toMatchObject({ state: "handed_over", variables: { choice: "Talk to us" } });

    // The agent who gets it sees the whole exchange, the bot's messages marked as the flow's and
    // the buttons it offered.
    const conv = await conversationOf(t.business.id, c);
    const { items } = await getConversation(admin(t), t.business.id, conv.id);
    const outbound = items.filter((i) => i.kind === "outbound").reverse();
    expect(outbound.map((i) => [i.text, i.byFlow, i.choices])).toEqual([
      ["How can we help?", flowName, ["Track", "Talk to us"]],
      ["A colleague will answer.", flowName, null],
    ]);
    expect(items.filter((i) => i.kind === "inbound").at(-1)).toMatchObject({ text: "order", byFlow: null });
  });

  it("takes a typed answer by its title too, and re-offers the buttons when it fits none", async () => {
    const t = await createTestBusiness();
    await published(t, menu);
    const c = phone();
    await customerWrites(t, c, "order");
    await customerWrites(t, c, "maybe");
    const again = (await sent(t, c)).at(-1)!;
    expect(again.content).toMatchObject({
      kind: "interactive",
      text: "Sorry, I didn't get that.\nHow can we help?",
    });
    await customerWrites(t, c, "  track ");
    expect((await texts(t, c)).at(-1)).toBe("Tracking it for you.");
  });

  it("offers up to 10 rows as a list in sections", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["book"] }],
      start: "slot",
      steps: [
        {
          id: "slot",
          type: "ask",
          question: "Pick a slot",
          expect: "choice",
          show: "list",
          listButton: "Slots",
          choices: [
            { title: "Mon 10:00", section: "Monday", description: "Store visit" },
            { title: "Tue 11:00", section: "Tuesday" },
          ],
          saveAs: "slot",
          next: "done",
        },
        { id: "done", type: "end", text: "Booked {{slot}}." },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "book");
    const [list] = await sent(t, c);
    expect(list!.content).toMatchObject({
      style: "list",
      listButton: "Slots",
      options: [
        { id: "slot:0", title: "Mon 10:00", section: "Monday", description: "Store visit" },
        { id: "slot:1", title: "Tue 11:00", section: "Tuesday" },
      ],
    });
    // Meta's list_reply: the row's id and title.
    await recordInboundMessages(systemCtx("test"), {
      businessId: t.business.id,
      channel: "chatapp",
      provider: "simulator",
      messages: [
        {
          ...customerText(c, chatappSender(t), { text: "Tue 11:00" }),
          type: "interactive",
          buttonPayload: "slot:1",
        },
      ],
    });
    expect((await texts(t, c)).at(-1)).toBe("Booked Tue 11:00.");
  });

  it("refuses more than 3 buttons or a long button title when the flow is saved", async () => {
    const t = await createTestBusiness();
    const ask = menu.steps[0] as Extract<FlowDefinitionInput["steps"][number], { type: "ask" }>;
    const tooMany = { ...ask, choices: ["A", "B", "C", "D"].map((title) => ({ title })) };
    await expect(
      createFlow(admin(t), t.business.id, {
        name: `flow ${uniq()}`,
        definition: { ...menu, steps: [tooMany, ...menu.steps.slice(1)] },
      }),
    ).rejects.toMatchObject({
      details: [expect.objectContaining({ message: expect.stringMatching(/At most 3 reply buttons/) })],
    });
    const long = { ...ask, choices: [{ title: "A title of 22 letters" }] };
    await expect(
      createFlow(admin(t), t.business.id, {
        name: `flow ${uniq()}`,
        definition: { ...menu, steps: [long, ...menu.steps.slice(1)] },
      }),
    ).rejects.toMatchObject({
      details: [expect.objectContaining({ message: expect.stringMatching(/at most 20 characters/) })],
    });
  });

  it("starts the flow whose button trigger names a tapped payload, before any keyword", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["offer"] }],
      start: "k",
      steps: [{ id: "k", type: "end", text: "keyword flow" }],
    });
    await published(t, {
      triggers: [{ type: "button", payloads: ["OFFER_YES"] }],
      start: "b",
      steps: [{ id: "b", type: "end", text: "Great, the offer is yours." }],
    });
    const c = phone();
    // A template's quick reply: Meta's `button` message with its payload and text.
    await recordInboundMessages(systemCtx("test"), {
      businessId: t.business.id,
      channel: "chatapp",
      provider: "simulator",
      messages: [
        {
          ...customerText(c, chatappSender(t), { text: "offer" }),
          type: "button",
          buttonPayload: "OFFER_YES",
        },
      ],
    });
    expect(await texts(t, c)).toEqual(["Great, the offer is yours."]);
  });
});
