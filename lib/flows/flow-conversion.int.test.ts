import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { createTestPromotion, finalStatus, numbers, runUntil } from "@/test/promotions";
import type { FlowDefinitionInput } from "./definition";
import { createFlow, publishFlow } from "./flow-store";

// The flow's conversion step: recorded as the conversions API records one, attributed to the
// campaign the customer last got, once per run and step.

const admin = (t: TestBusiness) => userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
const published = async (t: TestBusiness, definition: FlowDefinitionInput) =>
  publishFlow(
    admin(t),
    t.business.id,
    (await createFlow(admin(t), t.business.id, { name: `flow ${uniq()}`, definition })).id,
  );
const conversionsOf = (t: TestBusiness, phone: string) =>
  rawQuery<{
    event_id: string;
    event_name: string;
    value: string | null;
    currency: string | null;
    promotion_id: string | null;
    attribution: string;
  }>(
    db(),
    `SELECT event_id, event_name, value, currency, promotion_id, attribution FROM conversions
     WHERE business_id = $1 AND phone = $2 ORDER BY id`,
    [t.business.id, phone],
  );

describe("a flow's conversion step", () => {
  it("records the customer's conversion with the answer as its value, attributed to the campaign they got", async () => {
    const t = await createTestBusiness();
    const [customer] = numbers(1, "0002", 70);
    const campaign = (await createTestPromotion(t, { phones: [customer!] })).id;
    await runUntil(finalStatus(campaign));
    await published(t, {
      triggers: [{ type: "keyword", words: ["order"] }],
      start: "ask",
      steps: [
        {
          id: "ask",
          type: "ask",
          question: "How much was it?",
          expect: "number",
          saveAs: "total",
          next: "paid",
        },
        {
          id: "paid",
          type: "conversion",
          event: "purchase",
          value: "{{total}}",
          currency: "INR",
          next: "thanks",
        },
        { id: "thanks", type: "end", text: "Thank you!" },
      ],
    });
    await customerWrites(t, customer!, "order");
    await customerWrites(t, customer!, "1499.50");

    const [c] = await conversionsOf(t, customer!);
    expect(c).toMatchObject({
      event_name: "purchase",
      value: "1499.5000",
      currency: "INR",
      promotion_id: campaign,
      attribution: "last_touch",
    });
    const conv = await conversationOf(t.business.id, customer!);
    const [run] = await rawQuery<{ id: string; state: string }>(
      db(),
      `SELECT id, state FROM flow_runs WHERE conversation_id = $1`,
      [conv.id],
    );
    expect(run!.state).toBe("completed");
    expect(c!.event_id).toBe(`flow:${run!.id}:paid`);
    // The run's path shows what the step recorded.
    const [step] = await rawQuery<{ detail: Record<string, unknown> }>(
      db(),
      `SELECT detail FROM flow_run_steps WHERE run_id = $1 AND step_id = 'paid'`,
      [run!.id],
    );
    expect(step!.detail).toMatchObject({
      created: true,
      value: 1499.5,
      currency: "INR",
      campaignId: campaign,
    });
    // And the campaign's earnings count it, as one posted through the API.
    const earned = await api(`/api/v3/conversions/${t.business.id}/campaigns/${campaign}`, {
      headers: { "x-api-key": t.apiKey },
    });
    expect(earned.status).toBe(200);
    expect(earned.json).toMatchObject({ conversions: 1 });
  });

  it("records no value when it has none, and fails the run with the reason when its value is not a number", async () => {
    const t = await createTestBusiness();
    const [quiet, odd] = numbers(2, "0048");
    await published(t, {
      triggers: [{ type: "keyword", words: ["signup"] }],
      start: "done",
      steps: [{ id: "done", type: "conversion", event: "signup", next: null }],
    });
    await published(t, {
      triggers: [{ type: "keyword", words: ["tip"] }],
      start: "ask",
      steps: [
        { id: "ask", type: "ask", question: "How much?", saveAs: "amount", next: "paid" },
        { id: "paid", type: "conversion", event: "tip", value: "{{amount}}", currency: "EUR", next: null },
      ],
    });
    await customerWrites(t, quiet!, "signup");
    expect(await conversionsOf(t, quiet!)).toEqual([
      expect.objectContaining({ event_name: "signup", value: null, currency: null, attribution: "none" }),
    ]);

    await customerWrites(t, odd!, "tip");
    await customerWrites(t, odd!, "a lot");
    expect(await conversionsOf(t, odd!)).toEqual([]);
    const [run] = await rawQuery<{ state: string; end_reason: string }>(
      db(),
      `SELECT state, end_reason FROM flow_runs WHERE conversation_id = $1`,
      [(await conversationOf(t.business.id, odd!)).id],
    );
    expect(run).toMatchObject({
      state: "failed",
      end_reason: 'step paid: the value "a lot" is not a number',
    });
  });

  it("is refused at save without an event, or with a value and no currency", async () => {
    const t = await createTestBusiness();
    for (const step of [
      { id: "c", type: "conversion", event: "", next: null },
      { id: "c", type: "conversion", event: "purchase", value: "10", next: null },
    ]) {
      const res = await api(`/api/v3/flows/${t.business.id}`, {
        headers: { "x-api-key": t.apiKey },
        json: {
          name: `f ${uniq()}`,
          definition: { triggers: [{ type: "keyword", words: ["x"] }], start: "c", steps: [step] },
        },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.message).toMatch(/Name the event|A value needs its currency/);
    }
  });
});
