import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { REST_ARM } from "@/lib/promotions/ab/arm-deal";
import { sendDueWinners } from "@/lib/promotions/ab/send-winner";
import { expirePromotions } from "@/lib/promotions/engine/expire-promotions";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchWithFile } from "@/test/promotion-uploads";
import {
  finalStatus,
  numbers,
  promotionRow,
  runUntil,
  phonesCsv,
  testArmsDone,
  backdateStart,
} from "@/test/promotions";

type Winner = {
  sendToRest: boolean;
  metric: string | null;
  testShare: number | null;
  testHours: number | null;
  testEndsAt: string | null;
  state: string | null;
  decision: {
    arm: number;
    name: string;
    enoughData: boolean;
    reason: string;
    released: number;
    rates: Array<{ name: string; recipients: number; count: number }>;
  } | null;
  summary: string | null;
};

async function launch(t: TestBusiness, phones: string[], winner?: unknown): Promise<string> {
  const a = await approvedTemplate(t.business.id);
  const b = await approvedTemplate(t.business.id);
  const res = await launchWithFile(t, `ws-${Math.random()}`, phonesCsv(phones), {
    ...chatappLaunch(a.name, phoneOf(t)),
    abTest: {
      variants: [
        { name: "A", template: chatappLaunch(a.name, "").template },
        { name: "B", template: chatappLaunch(b.name, "").template },
      ],
      seed: 11,
      ...(winner ? { winner } : {}),
    },
  });
  expect(res.status).toBe(200);
  return res.json.promotionId as string;
}

const winnerOf = async (t: TestBusiness, id: string): Promise<Winner> => {
  const res = await api(`/api/v3/promotion/${t.business.id}/${id}/variants`, {
    headers: { "x-api-key": t.apiKey },
  });
  expect(res.status).toBe(200);
  return (res.json as { winner: Winner }).winner;
};

describe("GET .../variants: the winner's setting, state and decision", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
  });

  it("without abTest.winner: nothing is sent to the rest, no state", async () => {
    const id = await launch(t, numbers(20, "0301"));
    expect(await winnerOf(t, id)).toEqual({
      sendToRest: false,
      metric: null,
      testShare: null,
      testHours: null,
      testEndsAt: null,
      state: null,
      decision: null,
      summary: null,
    });
  });

  it("waiting, then held once the period is over, picked by read rate while the rest is sent, then sent", async () => {
    // 440 numbers, half in the test: 110 per variant, enough for a verdict.
    const id = await launch(t, numbers(440, "0302"), { testShare: 50, testHours: 2, metric: "read" });
    // Before the campaign starts (its list still being prepared) the period has no end yet.
    const before = await winnerOf(t, id);
    expect(before).toMatchObject({
      sendToRest: true,
      metric: "read",
      testShare: 50,
      testHours: 2,
      state: "waiting",
    });
    if (!(await promotionRow(id)).startTime) {
      expect(before.testEndsAt).toBeNull();
      expect(before.summary).toBe(
        "Test running (50% of the audience outside the holdout): winner by read rate picked 2 hours after the campaign starts",
      );
    }
    await runUntil(testArmsDone(id));
    const start = (await promotionRow(id)).startTime!;
    const waiting = await winnerOf(t, id);
    expect(waiting).toMatchObject({
      state: "waiting",
      testEndsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      decision: null,
    });
    expect(waiting.summary).toBe(
      `Test running (50% of the audience outside the holdout): winner by read rate picked at ${waiting.testEndsAt}`,
    );

    await backdateStart(id, 3);
    expect((await winnerOf(t, id)).state).toBe("held");

    expect(await sendDueWinners()).toBe(1);
    const picked = await winnerOf(t, id);
    const stored = (await promotionRow(id)).abTest!.winner!.decision!;
    expect(picked.state).toBe("picked");
    expect(picked.decision).toEqual(stored);
    expect(picked.decision).toMatchObject({ enoughData: true, released: 220 });
    expect(picked.decision!.rates.map((r) => [r.name, r.recipients])).toEqual([
      ["A", 110],
      ["B", 110],
    ]);
    expect(picked.summary).toMatch(
      new RegExp(`^Winner: ${stored.name}, sent to the rest \\(220\\) at .*: read rate`),
    );

    await runUntil(finalStatus(id));
    const [left] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND arm = $2 AND state = 'pending'`,
      [id, REST_ARM],
    );
    expect(left!.n).toBe(0);
    expect((await winnerOf(t, id)).state).toBe("sent");
  });

  it("not enough data: the first variant goes to the rest and the state says so", async () => {
    const id = await launch(t, numbers(60, "0303"), { testShare: 50, testHours: 1, metric: "clicked" });
    await runUntil(testArmsDone(id));
    await backdateStart(id, 2);
    expect(await sendDueWinners()).toBe(1);
    const w = await winnerOf(t, id);
    expect(w.state).toBe("not_enough_data");
    expect(w.decision).toMatchObject({ arm: 1, name: "A", enoughData: false, released: 30 });
    expect(w.decision!.reason).toMatch(
      /^not enough data \(needs 100 recipients in each variant and 5 clicks/,
    );
    expect(w.summary).toMatch(/^No verdict, variant A sent to the rest \(30\) at /);
  });

  it("ended: a campaign that expired before its winner was picked", async () => {
    const id = await launch(t, numbers(40, "0304"), { testShare: 50, testHours: 24, metric: "read" });
    await rawQuery(
      db(),
      `UPDATE promotions SET promotion_end_time = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expect(await expirePromotions(systemCtx("test"))).toContain(id);
    expect(await winnerOf(t, id)).toMatchObject({ sendToRest: true, state: "ended", decision: null });
  });
});
