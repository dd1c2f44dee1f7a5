import { describe, expect, it } from "vitest";
import { createdRange, messageSearchFilters } from "./search-schemas";

const iso = (r: { from: Date | null; before: Date | null }) => ({
  from: r.from?.toISOString() ?? null,
  before: r.before?.toISOString() ?? null,
});

describe("createdRange", () => {
  it("reads a From date as that day's midnight in the business's zone, a To date as its whole day", () => {
    expect(iso(createdRange({ from: "2026-11-26", to: "2026-11-26" }, "Asia/Kolkata"))).toEqual({
      from: "2026-11-25T18:30:00.000Z",
      before: "2026-11-26T18:30:00.000Z",
    });
    // Month and year ends roll over.
    expect(iso(createdRange({ to: "2026-12-31" }, "UTC")).before).toBe("2027-01-01T00:00:00.000Z");
  });

  it("covers the whole minute (or second) a To time names", () => {
    expect(iso(createdRange({ from: "2026-11-26T09:00", to: "2026-11-26T17:30" }, "Europe/Berlin"))).toEqual({
      from: "2026-11-26T08:00:00.000Z",
      before: "2026-11-26T16:31:00.000Z",
    });
    expect(iso(createdRange({ to: "2026-11-26T17:30:15" }, "UTC")).before).toBe("2026-11-26T17:30:16.000Z");
  });

  it("leaves out what is not given", () => {
    expect(createdRange({ from: "", to: "" }, "UTC")).toEqual({ from: null, before: null });
  });
});

describe("messageSearchFilters dates", () => {
  it("takes a date or a date and time, and refuses dates that do not exist", () => {
    expect(messageSearchFilters.safeParse({ from: "2026-11-26" }).success).toBe(true);
    expect(messageSearchFilters.safeParse({ from: "2026-11-26T08:00" }).success).toBe(true);
    const bad = messageSearchFilters.safeParse({ from: "2026-02-30" });
    expect(bad.error?.issues[0]).toMatchObject({ path: ["from"], message: "Use a date and time" });
  });
});
