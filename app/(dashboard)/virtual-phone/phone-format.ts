export type PhoneChannel = "chatapp" | "rcs";

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * hh:mm:ss of an epoch-seconds timestamp in the business's time zone, as a phone shows a
 * message's time (the zone is explicit: server and browser render the same text).
 */
export function time(s: number, timeZone: string): string {
  let f = clocks.get(timeZone);
  if (!f) {
    const options = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" } as const;
    try {
      f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
    }
    clocks.set(timeZone, f);
  }
  return f.format(new Date(s * 1000));
}
