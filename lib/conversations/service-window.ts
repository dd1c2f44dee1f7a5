/**
 * Meta's customer service window: on chatapp a business may send free-form messages for 24
 * hours after the customer's last message, and only approved templates outside it. RCS has no
 * such window (docs/decisions/conversations-shared-inbox.md): null.
 */
export const CHATAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export function windowClosesAt(channel: "chatapp" | "rcs", lastCustomerMessageAt: Date): Date | null {
  if (channel === "rcs") return null;
  return new Date(new Date(lastCustomerMessageAt).getTime() + CHATAPP_WINDOW_MS);
}

export function windowOpen(
  channel: "chatapp" | "rcs",
  lastCustomerMessageAt: Date,
  now = new Date(),
): boolean {
  const closes = windowClosesAt(channel, lastCustomerMessageAt);
  return closes === null || closes.getTime() > now.getTime();
}

/** Whether only a template may go now (the browser's clock: the composer ticks with it). */
export function windowIsClosed(closesAt: number | null, now = Date.now()): boolean {
  return closesAt !== null && closesAt * 1000 <= now;
}

/** The window's state in words for the composer: "Window closes in 3 h 12 min", or closed. */
export function windowLabel(closesAt: number | null, now = Date.now()): string {
  if (closesAt === null) return "No service window on RCS: reply at any time";
  const left = closesAt * 1000 - now;
  if (left <= 0) return "Window closed: templates only (24 h since the customer's last message)";
  const h = Math.floor(left / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  return `Window closes in ${h} h ${m} min`;
}
