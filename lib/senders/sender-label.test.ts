import { describe, expect, it } from "vitest";
import { formatDisplayNumber, senderLabel } from "./sender-label";
import { simulatorDisplayNumber } from "./simulator-sender";

describe("senderLabel", () => {
  const base = { channel: "chatapp" as const, sender: "sim0123456789ab" };
  it("names a sender 'Name (+91 98765 43210)', falling back to what is known", () => {
    expect(senderLabel({ ...base, displayName: "Acme", displayNumber: "919876543210" })).toBe(
      "Acme (+91 98765 43210)",
    );
    expect(senderLabel({ ...base, displayName: null, displayNumber: "14155550100" })).toBe("+1 415 555 0100");
    expect(senderLabel({ ...base, displayName: "Acme", displayNumber: null })).toBe("Acme");
    expect(senderLabel({ ...base, displayName: " ", displayNumber: null })).toBe(
      "WhatsApp sender sim0123456789ab",
    );
    expect(senderLabel({ channel: "rcs", sender: "a1", displayName: "Acme", displayNumber: null })).toBe(
      "Acme (RCS agent)",
    );
    expect(senderLabel({ channel: "rcs", sender: "a1", displayName: null, displayNumber: null })).toBe(
      "RCS agent a1",
    );
  });

  it("keeps digits it cannot group", () => {
    expect(formatDisplayNumber("999")).toBe("+999");
  });
});

describe("simulatorDisplayNumber", () => {
  it("is a stable Indian mobile number from the id's last 7 hex digits", () => {
    const n = simulatorDisplayNumber("sim0123456789ab");
    expect(n).toBe(`9198${String(0x56789ab % 100_000_000).padStart(8, "0")}`);
    expect(n).toMatch(/^9198\d{8}$/);
    expect(simulatorDisplayNumber("sim0123456789ab")).toBe(n);
    expect(simulatorDisplayNumber("simffffffffffff")).not.toBe(n);
  });
});
