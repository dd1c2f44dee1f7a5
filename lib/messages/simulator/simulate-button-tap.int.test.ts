import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { createTestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import { createTestPromotion, finalStatus, numbers, runUntil } from "@/test/promotions";
import { simulateButtonTap } from "./simulate-button-tap";

const ctx = systemCtx("test");

const withButtons = [
  {
    type: "BODY",
    text: "Hello {{1}}, your order {{2}} has shipped.",
    example: { body_text: [["Asha", "A-1"]] },
  },
  {
    type: "BUTTONS",
    buttons: [
      { type: "QUICK_REPLY", text: "Yes please" },
      { type: "URL", text: "Track", url: "https://shop.example.com/track" },
    ],
  },
];

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe("virtual phone button taps", () => {
  it("a quick reply is a button message answering the campaign's message, a URL tap an interaction only; each recipient counts once", async () => {
    const t = await createTestBusiness();
    const phones = numbers(3, "0077");
    const { id, template } = await createTestPromotion(t, { phones });
    await runUntil(finalStatus(id));
    await drainAll();
    // The campaign's template gets its buttons (the inbox reads the template's components).
    await rawQuery(db(), `UPDATE templates SET components = $2::jsonb WHERE id = $1`, [
      template.id,
      JSON.stringify(withButtons),
    ]);
    const msgs = await rawQuery<{ id: string; recipient: string }>(
      db(),
      `SELECT id, recipient FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY recipient`,
      [t.business.id, id],
    );
    const msgOf = (phone: string) => msgs.find((m) => m.recipient === phone)!.id;
    const businessId = t.business.id;

    const reply = await simulateButtonTap(ctx, { businessId, messageId: msgOf(phones[0]!), button: 0 });
    expect(reply).toMatchObject({ kind: "reply", text: "Yes please", url: null });
    const [inbound] = await rawQuery<{ type: string; text: string; from: string; payload: any }>(
      db(),
      `SELECT type, text, "from", payload FROM inbound_messages WHERE business_id = $1 AND id = $2`,
      [businessId, reply.inboundId],
    );
    expect(inbound).toMatchObject({ type: "button", text: "Yes please", from: phones[0] });
    expect(inbound!.payload.replyToMessageId).toBe(msgOf(phones[0]!));
    expect(inbound!.payload.buttonPayload).toBe("Yes please");

    const link = await simulateButtonTap(ctx, { businessId, messageId: msgOf(phones[1]!), button: 1 });
    expect(link).toEqual({
      kind: "url",
      text: "Track",
      url: "https://shop.example.com/track",
      inboundId: null,
    });
    const fromLink = await rawQuery(
      db(),
      `SELECT 1 FROM inbound_messages WHERE business_id = $1 AND "from" = $2`,
      [businessId, phones[1]],
    );
    expect(fromLink).toHaveLength(0);

    // A second tap of the same recipient changes no count.
    await simulateButtonTap(ctx, { businessId, messageId: msgOf(phones[1]!), button: 0 });
    const [c] = await rawQuery<{ interacted: number }>(
      db(),
      `SELECT interacted FROM promotion_counters WHERE promotion_id = $1 AND round = 0`,
      [id],
    );
    expect(c!.interacted).toBe(2);
    const flags = await rawQuery<{ phone: string; interacted: boolean }>(
      db(),
      `SELECT phone, interacted FROM promotion_recipients WHERE promotion_id = $1 ORDER BY phone`,
      [id],
    );
    expect(flags.map((f) => f.interacted)).toEqual([true, true, false]);
  });

  it("refuses a button the message lacks, another business's message and a malformed id", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const phones = numbers(1, "0078");
    const { id } = await createTestPromotion(t, { phones });
    await runUntil(finalStatus(id));
    await drainAll();
    const [m] = await rawQuery<{ id: string }>(
      db(),
      `SELECT id FROM messages WHERE business_id = $1 AND transaction_id = $2`,
      [t.business.id, id],
    );
    // The default template has no buttons.
    expect(
      await code(simulateButtonTap(ctx, { businessId: t.business.id, messageId: m!.id, button: 0 })),
    ).toBe("invalid_request");
    expect(
      await code(simulateButtonTap(ctx, { businessId: other.business.id, messageId: m!.id, button: 0 })),
    ).toBe("not_found");
    expect(
      await code(simulateButtonTap(ctx, { businessId: t.business.id, messageId: "nope", button: 0 })),
    ).toBe("not_found");
  });
});
