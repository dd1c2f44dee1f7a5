import { describe, expect, it } from "vitest";
import { PhoneSet } from "./phone-set";

describe("PhoneSet", () => {
  it("answers false for a number it holds, across growth", () => {
    const set = new PhoneSet(1_000_000);
    let added = 0;
    for (let i = 0; i < 200_000; i++) if (set.add(String(919_800_000_000 + i * 7))) added++;
    expect(added).toBe(200_000);
    let again = 0;
    for (let i = 0; i < 200_000; i += 997) if (!set.add(String(919_800_000_000 + i * 7))) again++;
    expect(again).toBe(Math.ceil(200_000 / 997));
    expect(set.add("919800000001")).toBe(true);
    expect(set.full).toBe(false);
  });

  it("tells 15-digit numbers one digit apart", () => {
    const set = new PhoneSet(10);
    expect(set.add("999999999999998")).toBe(true);
    expect(set.add("999999999999999")).toBe(true);
    expect(set.add("999999999999998")).toBe(false);
  });

  it("stops at its bound and then reports nothing as seen", () => {
    const set = new PhoneSet(40_000);
    for (let i = 0; i < 39_999; i++) set.add(String(14_155_550_000 + i));
    expect(set.full).toBe(false);
    expect(set.add("14155550000")).toBe(false);
    set.add("14155590000");
    expect(set.full).toBe(true);
    expect(set.add("14155550000")).toBe(true);
  });
});
