import { describe, expect, it } from "vitest";
import { HoursForm, hoursFormValues } from "./hours-form";
import { BusinessHoursInput } from "./hours-schema";
import { openAt, openedBetween } from "./open-at";

const hours = BusinessHoursInput.parse({
  timeZone: "Asia/Kolkata",
  week: [[], ...Array.from({ length: 5 }, () => [{ open: "09:00", close: "17:00" }]), []],
  holidays: ["2026-12-25"],
});

describe("business hours", () => {
  it("is open in the business's time zone, never on holidays or closed days", () => {
    expect(openAt(hours, new Date("2026-12-24T04:00:00Z"))).toBe(true); // Thu 09:30 IST
    expect(openAt(hours, new Date("2026-12-24T03:00:00Z"))).toBe(false); // 08:30 IST
    expect(openAt(hours, new Date("2026-12-24T11:30:00Z"))).toBe(false); // 17:00 IST
    expect(openAt(hours, new Date("2026-12-25T05:00:00Z"))).toBe(false); // holiday
    expect(openAt(hours, new Date("2026-12-27T05:00:00Z"))).toBe(false); // Sunday
  });
  it("tells whether it opened between two moments (a closed period ended)", () => {
    expect(openedBetween(hours, new Date("2026-12-24T12:00:00Z"), new Date("2026-12-27T12:00:00Z"))).toBe(
      false,
    );
    expect(openedBetween(hours, new Date("2026-12-24T12:00:00Z"), new Date("2026-12-28T04:00:00Z"))).toBe(
      true,
    );
  });
  it("turns the dashboard form into the stored shape and refuses bad times", () => {
    const values = hoursFormValues(hours);
    expect(HoursForm.parse(values)).toEqual({ ...hours, awayText: "" });
    const bad = {
      ...values,
      days: values.days.map((d, i) => (i === 1 ? { open: "18:00", close: "09:00" } : d)),
    };
    expect(HoursForm.safeParse(bad).error?.issues[0]).toMatchObject({ path: ["days", 1, "close"] });
    expect(BusinessHoursInput.safeParse({ ...hours, timeZone: "Mars/Base" }).success).toBe(false);
    // Stored by the IANA name, as the picker lists it, whatever alias ICU knows it by.
    expect(BusinessHoursInput.parse({ ...hours, timeZone: "Asia/Calcutta" }).timeZone).toBe("Asia/Kolkata");
  });
  it("names the holiday line that is not a date, a day that does not exist included", () => {
    const values = hoursFormValues(hours);
    for (const line of ["tomorrow", "2026-02-30", "25.12.2026"]) {
      const issue = HoursForm.safeParse({ ...values, holidays: `2026-12-25\n${line}` }).error?.issues[0];
      expect(issue).toMatchObject({
        path: ["holidays"],
        message: `"${line}" is not a date: write it as YYYY-MM-DD`,
      });
    }
    expect(HoursForm.parse({ ...values, holidays: " 2026-12-25 \n\n2027-01-01" }).holidays).toEqual([
      "2026-12-25",
      "2027-01-01",
    ]);
  });
});
