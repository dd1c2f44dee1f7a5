import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema/index";
import { setChannel } from "@/lib/businesses/set-channel";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { messagesConfig } from "./config";
import { simulatorDisplayNumber } from "../../senders/simulator-sender";
import { listSenderRates, listSenderRatesOf } from "./list-sender-rates";
import { senderRate, setSenderRate } from "./sender-rate";

const ctx = systemCtx("test");

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("sender rates", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let phoneA: string;
  let secondPhoneA: string;
  let agentA: string;
  let phoneB: string;
  const fallback = () => messagesConfig().MESSAGES_SENDER_RATE;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    phoneA = a.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
    agentA = a.business.channels.find((c) => c.channel === "rcs")!.agentId!;
    phoneB = b.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
    secondPhoneA = `pn${uniq()}`;
    await setChannel(ctx, {
      businessId: a.business.id,
      channel: "chatapp",
      enabled: true,
      phoneNumberIds: [phoneA, secondPhoneA],
    });
  });

  it("lists the chatapp phoneNumberIds and the RCS agent, all on the default at first", async () => {
    // The simulator's sender is named after the business, with a number made from its id.
    const digits = simulatorDisplayNumber(phoneA).slice(2);
    const named = `${digits.slice(0, 5)} ${digits.slice(5)}`;
    expect(await listSenderRates(ctx, a.business.id)).toEqual([
      {
        sender: phoneA,
        channel: "chatapp",
        perSecond: fallback(),
        isDefault: true,
        label: `${a.business.name} (+91 ${named})`,
      },
      {
        sender: secondPhoneA,
        channel: "chatapp",
        perSecond: fallback(),
        isDefault: true,
        label: `WhatsApp sender ${secondPhoneA}`,
      },
      // The simulator named the business's RCS agent after it when the business was made.
      {
        sender: agentA,
        channel: "rcs",
        perSecond: fallback(),
        isDefault: true,
        label: `${a.business.name} (RCS agent)`,
      },
    ]);
  });

  it("sets a limit, shows it in the list and in senderRate, audits it, and clears it again", async () => {
    const set = await setSenderRate(ctx, { businessId: a.business.id, sender: secondPhoneA, perSecond: 250 });
    expect(set).toEqual({
      sender: secondPhoneA,
      channel: "chatapp",
      perSecond: 250,
      isDefault: false,
      label: `WhatsApp sender ${secondPhoneA}`,
    });
    expect(
      await senderRate(ctx, { businessId: a.business.id, channel: "chatapp", sender: secondPhoneA }),
    ).toBe(250);
    const listed = await listSenderRates(ctx, a.business.id);
    expect(listed.find((s) => s.sender === secondPhoneA)).toMatchObject({ perSecond: 250, isDefault: false });
    expect(listed.find((s) => s.sender === phoneA)).toMatchObject({ isDefault: true });

    // The RCS agent is a sender too; the maximum is accepted.
    await setSenderRate(ctx, { businessId: a.business.id, sender: agentA, perSecond: 1000 });
    expect(await senderRate(ctx, { businessId: a.business.id, channel: "rcs", sender: agentA })).toBe(1000);

    const cleared = await setSenderRate(ctx, {
      businessId: a.business.id,
      sender: secondPhoneA,
      perSecond: null,
    });
    expect(cleared).toEqual({
      sender: secondPhoneA,
      channel: "chatapp",
      perSecond: fallback(),
      isDefault: true,
      label: `WhatsApp sender ${secondPhoneA}`,
    });
    expect(
      await senderRate(ctx, { businessId: a.business.id, channel: "chatapp", sender: secondPhoneA }),
    ).toBe(fallback());

    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.businessId, a.business.id),
          eq(auditLog.action, "sender.rate"),
          eq(auditLog.targetId, secondPhoneA),
        ),
      );
    expect(audit).toHaveLength(2);
    expect(audit.map((r) => r.data)).toEqual(
      expect.arrayContaining([
        { channel: "chatapp", perSecond: 250, previous: null },
        { channel: "chatapp", perSecond: null, previous: 250 },
      ]),
    );
  });

  it("refuses 0, 1001 and fractions", async () => {
    for (const perSecond of [0, 1001, 2.5]) {
      await expect(
        setSenderRate(ctx, { businessId: a.business.id, sender: phoneA, perSecond }),
      ).rejects.toThrow();
    }
    expect(await senderRate(ctx, { businessId: a.business.id, channel: "chatapp", sender: phoneA })).toBe(
      fallback(),
    );
  });

  it("refuses an unknown sender with a 404 naming it", async () => {
    const err = await rejection(
      setSenderRate(ctx, { businessId: a.business.id, sender: "nope123", perSecond: 10 }),
    );
    expect(err.status).toBe(404);
    expect(err.message).toMatch(/'nope123' is not a sender of this business/);
    expect(err.details).toEqual([{ path: "sender", message: "Not a sender of this business" }]);
  });

  it("refuses an unknown business with a 404", async () => {
    const err = await rejection(setSenderRate(ctx, { businessId: uuidv7(), sender: phoneA, perSecond: 10 }));
    expect(err.status).toBe(404);
    await expect(listSenderRates(ctx, uuidv7())).rejects.toThrow(/Business not found/);
  });

  it("keeps businesses apart: A cannot set B's sender, and B's limit never shows in A's list", async () => {
    const err = await rejection(
      setSenderRate(ctx, { businessId: a.business.id, sender: phoneB, perSecond: 5 }),
    );
    expect(err.status).toBe(404);
    expect(await senderRate(ctx, { businessId: a.business.id, channel: "chatapp", sender: phoneB })).toBe(
      fallback(),
    );

    await setSenderRate(ctx, { businessId: b.business.id, sender: phoneB, perSecond: 7 });
    expect(await senderRate(ctx, { businessId: b.business.id, channel: "chatapp", sender: phoneB })).toBe(7);
    expect((await listSenderRates(ctx, a.business.id)).map((s) => s.sender)).not.toContain(phoneB);
    const both = await listSenderRatesOf(ctx, [a.business.id, b.business.id]);
    expect(both[b.business.id]!.find((s) => s.sender === phoneB)).toMatchObject({ perSecond: 7 });
    expect(both[a.business.id]!.map((s) => s.sender)).not.toContain(phoneB);
    expect(both[a.business.id]).toEqual(await listSenderRates(ctx, a.business.id));
  });

  it("lists a stored limit of a sender the business no longer has, and lets it be cleared but not set", async () => {
    const c = await createTestBusiness();
    const old = c.business.channels.find((ch) => ch.channel === "chatapp")!.phoneNumberIds[0]!;
    await setSenderRate(ctx, { businessId: c.business.id, sender: old, perSecond: 120 });
    const replacement = `pn${uniq()}`;
    await setChannel(ctx, {
      businessId: c.business.id,
      channel: "chatapp",
      enabled: true,
      phoneNumberIds: [replacement],
    });
    const listed = await listSenderRates(ctx, c.business.id);
    expect(listed[0]).toMatchObject({ sender: replacement, channel: "chatapp", isDefault: true });
    expect(listed.at(-1)).toEqual({
      sender: old,
      channel: null,
      perSecond: 120,
      isDefault: false,
      // A sender no longer on the channel keeps the name it had (the rate is still shown).
      label: expect.stringContaining(c.business.name),
    });

    const err = await rejection(
      setSenderRate(ctx, { businessId: c.business.id, sender: old, perSecond: 130 }),
    );
    expect(err.status).toBe(404);
    await setSenderRate(ctx, { businessId: c.business.id, sender: old, perSecond: null });
    expect((await listSenderRates(ctx, c.business.id)).map((s) => s.sender)).not.toContain(old);
    const rows = await rawQuery(db(), `SELECT 1 FROM sender_rate_limits WHERE business_id = $1`, [
      c.business.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});
