import { describe, expect, it } from "vitest";
import { createTestBusiness } from "@/test/factories";
import { SenderTokens, senderLeaseSize, type SenderKey } from "./sender-tokens";

// Two SenderTokens on one key are two processes: nothing shared but the database. (The real
// two-process test is sender-limit-processes.int.test.ts.)
const timed = async (p: Promise<void>) => {
  const t0 = Date.now();
  await p;
  return Date.now() - t0;
};

describe("SenderTokens (shared sender bucket)", () => {
  it("sizes leases at 2.5% of the rate, at least 1", () => {
    expect(senderLeaseSize(1000)).toBe(25);
    expect(senderLeaseSize(50)).toBe(2);
    expect(senderLeaseSize(3)).toBe(1);
  });

  it("keys by business, channel and sender: a chatapp number and an RCS agent with one id do not share", async () => {
    const t = await createTestBusiness();
    const chat: SenderKey = { businessId: t.business.id, channel: "chatapp", sender: "same-id" };
    const rcs: SenderKey = { ...chat, channel: "rcs" };
    const a = new SenderTokens(chat, 10);
    await a.acquire(10); // the burst: chatapp's bucket is empty now
    expect(await timed(new SenderTokens(rcs, 10).acquire(10))).toBeLessThan(300);
    // Another "process" on the chatapp key waits for the refill (5 tokens at 10/s: ~500 ms).
    expect(await timed(new SenderTokens(chat, 10).acquire(5))).toBeGreaterThanOrEqual(350);
  });

  it("a pause after a provider throttle holds the sender in every process", async () => {
    const t = await createTestBusiness();
    const key: SenderKey = { businessId: t.business.id, channel: "chatapp", sender: "p1" };
    const [a, b] = [new SenderTokens(key, 100), new SenderTokens(key, 100)];
    await a.acquire(1);
    await a.pause(800);
    const waited = await timed(b.acquire(1));
    expect(waited).toBeGreaterThanOrEqual(700);
  });
});
