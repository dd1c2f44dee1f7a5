import { describe, expect, it } from "vitest";
import { registerRcsCapabilityProvider } from "../../messages/dispatch/providers";
import { capableNumbers } from "./capable-numbers";

describe("capableNumbers", () => {
  it("uses the provider's bulk call when it has one", async () => {
    const calls: string[][] = [];
    registerRcsCapabilityProvider({
      name: "test-bulk",
      isRcsCapable: async () => {
        throw new Error("single check not expected");
      },
      capableAmong: async (phones) => {
        calls.push(phones);
        return phones.filter((p) => p.endsWith("1"));
      },
    });
    const got = await capableNumbers({ provider: "test-bulk", config: {} }, ["911", "912", "921"]);
    expect([...got]).toEqual(["911", "921"]);
    expect(calls).toEqual([["911", "912", "921"]]);
  });

  it("falls back to single checks, a few at a time, without a bulk call", async () => {
    let inFlight = 0;
    let peak = 0;
    registerRcsCapabilityProvider({
      name: "test-single",
      isRcsCapable: async (phone) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return !phone.endsWith("0404");
      },
    });
    const phones = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0 ? `91990000${i}0404` : `9199000000${i}`,
    );
    const got = await capableNumbers({ provider: "test-single", config: {} }, phones);
    expect(got.size).toBe(30);
    expect(peak).toBe(8);
  });

  it("refuses a provider that cannot check capability", async () => {
    await expect(capableNumbers({ provider: "nope", config: {} }, ["919900000001"])).rejects.toMatchObject({
      code: "unavailable",
    });
  });
});
